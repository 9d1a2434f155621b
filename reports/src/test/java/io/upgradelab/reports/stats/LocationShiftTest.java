package io.upgradelab.reports.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The statistics against textbook examples whose answers are published. */
class LocationShiftTest {

    /**
     * Hollander and Wolfe (1973, p. 69), permeability constants of the human chorioamnion at term (x)
     * and at 12 to 26 weeks (y), the example of R's {@code wilcox.test}: W = 35, exact two-sided
     * p = 0.2544, difference in location 0.305, 95 percent interval -0.15 to 0.76.
     */
    @Test
    void theChorioamnionExampleGivesHollanderAndWolfesAnswers() {
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};

        LocationShift shift = LocationShift.of(y, x, 0.95).orElseThrow();

        assertThat(shift.u()).isEqualTo(35);
        assertThat(shift.pValue()).isCloseTo(0.2544, within(0.00005));
        assertThat(shift.estimate()).isCloseTo(0.305, within(1e-9));
        assertThat(shift.low()).isCloseTo(-0.15, within(1e-9));
        assertThat(shift.high()).isCloseTo(0.76, within(1e-9));
        assertThat(shift.before()).isEqualTo(5);
        assertThat(shift.after()).isEqualTo(10);
        assertThat(shift.shown()).as("no shift shown at 95 %").isFalse();
    }

    /** With ties the p-value is the normal approximation with both corrections: R gives W = 9, p-value = 0.1705. */
    @Test
    void tiedSamplesTakeTheCorrectedNormalApproximationAsRDoes() {
        double[] x = {9, 9.5, 9.75, 10, 13, 9.5};
        double[] y = {11.5, 12, 9, 11.5, 13.25, 13};

        LocationShift shift = LocationShift.of(y, x, 0.95).orElseThrow();

        assertThat(shift.u()).isEqualTo(9);
        assertThat(shift.pValue()).isCloseTo(0.1705, within(0.00005));
    }

    @Test
    void aClearShiftIsShownAndItsSignSaysWhichWay() {
        double[] before = {10, 11, 12, 10, 11, 12, 10, 11, 12, 11};
        double[] after = {20, 21, 22, 20, 21, 22, 20, 21, 22, 21};

        LocationShift up = LocationShift.of(before, after, 0.95).orElseThrow();
        assertThat(up.estimate()).isEqualTo(10);
        assertThat(up.shown()).isTrue();
        assertThat(up.low()).isPositive();
        assertThat(up.pValue()).isLessThan(0.001);

        assertThat(LocationShift.of(after, before, 0.95).orElseThrow().estimate()).isEqualTo(-10);
    }

    @Test
    void tooFewFiniteSamplesGiveNoShift() {
        assertThat(LocationShift.of(new double[] {1, 2}, new double[] {1, 2, 3}, 0.95)).isEmpty();
        assertThat(LocationShift.of(new double[] {1, 2, Double.NaN}, new double[] {1, 2, 3}, 0.95))
                .as("NaN is no sample").isEmpty();
        assertThat(LocationShift.of(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.95))
                .as("3 and 3 samples reach 90 %% at best: no 95 %% interval").isEmpty();
        assertThat(LocationShift.of(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.80)).isPresent();
    }
}
