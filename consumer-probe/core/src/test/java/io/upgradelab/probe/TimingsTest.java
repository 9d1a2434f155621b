package io.upgradelab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.LatencyHistograms;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A second's latency histogram survives its text form, so reports can merge seconds exactly. */
class TimingsTest {

    @Test
    void eachSecondCarriesItsLatenciesAsAHistogramThatDecodesToTheSameValues() {
        Timings timings = new Timings();
        for (long micros = 1_000; micros <= 100_000; micros += 1_000) {
            timings.recordLatency(micros);
        }
        Timings.Interval first = timings.closeSecond();
        timings.recordLatency(7_000_000);
        Timings.Interval second = timings.closeSecond();

        Histogram decoded = decode(first.latencyHistogram());
        assertThat(decoded.getTotalCount()).isEqualTo(100);
        assertThat(decoded.getValueAtPercentile(50)).isBetween(49_950L, 50_050L);
        assertThat(decoded.getMaxValue()).isBetween(99_950L, 100_050L);
        decoded.add(decode(second.latencyHistogram()));
        assertThat(decoded.getTotalCount()).isEqualTo(101);
        assertThat(decoded.getMaxValue()).isBetween(6_995_000L, 7_005_000L);
        assertThat(decode(timings.closeSecond().latencyHistogram()).getTotalCount()).isZero();
    }

    private static Histogram decode(String text) {
        return LatencyHistograms.decode(text);
    }
}
