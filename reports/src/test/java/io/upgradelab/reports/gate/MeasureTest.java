package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MeasureTest {

    /** Newcombe (1998), Statistics in Medicine 17: 857-872, table I: 81 of 263, the score interval 0.2553 to 0.3662. */
    @Test
    void aSuccessRateHasWilsonsScoreIntervalAsNewcombesTableGivesIt() {
        Measure rate = Measure.successRate(81, 263, Bound.atLeast(20, "at least 20 %"), "calls");

        assertThat(rate.value()).isCloseTo(30.80, within(0.01));
        assertThat(rate.interval().low()).isCloseTo(25.53, within(0.01));
        assertThat(rate.interval().high()).isCloseTo(36.62, within(0.01));
        assertThat(rate.n()).isEqualTo(263);
        assertThat(rate.text()).isEqualTo("30.8 % (at least 20 %; 95 % CI 25.53 to 36.62 (Wilson); n 263 calls)");
    }

    /** Conover, Practical Nonparametric Statistics, 3.2: the median of 100 lies between the 40th and 61st values at 95 %. */
    @Test
    void aPercentilesIntervalIsTheOrderStatisticsABinomialCountPutsAroundIt() {
        double[] hundred = IntStream.rangeClosed(1, 100).mapToDouble(i -> i).toArray();

        Measure median = Measure.percentile(50.5, hundred, 0.5, "%", Bound.atMost(90, "at most 90 %"), "samples");

        assertThat(median.interval().low()).isEqualTo(40);
        assertThat(median.interval().high()).isEqualTo(61);
        assertThat(median.n()).isEqualTo(100);
    }

    @Test
    void aP95FromFewSamplesHasNoUpperBoundAndSaysSo() {
        double[] few = IntStream.rangeClosed(1, 36).mapToDouble(i -> i).toArray();

        Measure p95 = Measure.percentile(35, few, 0.95, "%", Bound.atMost(90, "at most 90 %"), "CPU samples");

        assertThat(p95.interval().high()).as("all 36 under the true p95 happens 16 %% of the time").isNull();
        assertThat(p95.interval().low()).isNotNull();
        assertThat(p95.text()).contains("to unbounded (order statistics); n 36 CPU samples");
    }

    @Test
    void aCountIsExactAndAFigureFromOneValueASideSaysWhyItHasNoInterval() {
        assertThat(Measure.count(3, "flapping events", Bound.atMost(0), 28, "instance-count samples").text())
                .isEqualTo("3 flapping events (at most 0; exact; n 28 instance-count samples)");
        assertThat(Measure.withoutInterval(0.9, "x", Bound.atLeast(1.0, "at least x1.0"), 2, "operations compared", "one TPS figure a side")
                .text()).isEqualTo("x0.9 (at least x1.0; no 95 % interval: one TPS figure a side; n 2 operations compared)");
    }
}
