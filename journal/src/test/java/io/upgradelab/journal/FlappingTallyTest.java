package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Below, drops and recoveries under a tolerance: the one count the runner and the gate share. */
class FlappingTallyTest {

    @Test
    void oneClientOfAHundredLostIsBelowWithoutToleranceAndNotWithTheRunnersOnePercent() {
        assertThat(Tolerance.NONE.below(14002 - 140, 14002)).isTrue();
        assertThat(Tolerance.RUNNER.below(14002 - 140, 14002)).as("140 is under 1% of 14002").isFalse();
        assertThat(Tolerance.RUNNER.below(14002 - 141, 14002)).isTrue();
        assertThat(Tolerance.NONE.below(14002, 14002)).isFalse();
        assertThat(Tolerance.NONE.below(14010, 14002)).as("more than expected is not a loss").isFalse();
    }

    @Test
    void theLargerOfTheCountAndTheShareIsTolerated() {
        Tolerance tolerance = new Tolerance(3, 0.5);
        assertThat(tolerance.below(280 - 3, 280)).isFalse();
        assertThat(tolerance.below(280 - 4, 280)).isTrue();
        assertThat(tolerance.below(14002 - 70, 14002)).isFalse();
        assertThat(tolerance.below(14002 - 71, 14002)).isTrue();
        assertThat(tolerance.describe()).isEqualTo("3 instances or 0.5%");
        assertThat(Tolerance.NONE.describe()).isEqualTo("0 instances");
        assertThat(Tolerance.RUNNER.describe()).isEqualTo("1%");
    }

    @Test
    void dropsAndRecoveriesAreCountedFromTheSecondSampleAndBelowFromTheFirstCountsOnce() {
        FlappingTally tally = new FlappingTally(Tolerance.NONE);
        int[] held = {279, 280, 270, 280, 260, 261};
        for (int n : held) {
            tally.add(n, 280);
        }
        assertThat(tally.below()).isEqualTo(4);
        assertThat(tally.drops()).isEqualTo(2);
        assertThat(tally.recoveries()).isEqualTo(2);
        assertThat(tally.events()).isEqualTo(2);

        FlappingTally belowAllAlong = new FlappingTally(Tolerance.NONE);
        belowAllAlong.add(262, 282);
        belowAllAlong.add(262, 282);
        assertThat(belowAllAlong.drops()).isZero();
        assertThat(belowAllAlong.events()).isEqualTo(1);
    }
}
