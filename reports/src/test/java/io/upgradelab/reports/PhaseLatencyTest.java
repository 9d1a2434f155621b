package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.journal.Percentiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A phase's latency percentiles are exact over all its calls: merged from the probe's per-second
 * histograms, not averaged from per-second percentiles (which would hide a bad second).
 */
class PhaseLatencyTest {

    @TempDir
    Path dir;

    @Test
    void percentilesOfAPhaseAreThoseOfAllItsCallsTogether() throws Exception {
        // 99 calls at 2 ms in the first second, one call at 900 ms in the second
        Histogram calm = LatencyHistograms.empty();
        calm.recordValueWithCount(2_000, 99);
        Histogram stall = LatencyHistograms.empty();
        stall.recordValue(900_000);
        Files.write(dir.resolve("journal.jsonl"), List.of(
                "{\"type\":\"runStarted\",\"time\":\"2026-01-01T00:00:00Z\",\"elapsed\":0,\"phase\":0,"
                        + "\"experiment\":\"x\",\"scale\":1}",
                "{\"type\":\"phaseStarted\",\"time\":\"2026-01-01T00:00:10Z\",\"elapsed\":10,\"phase\":1,\"index\":1,"
                        + "\"kind\":\"hold\",\"title\":\"hold\"}",
                second(1, "2026-01-01T00:00:11Z", 99, calm),
                second(2, "2026-01-01T00:00:12Z", 1, stall),
                "{\"type\":\"phaseEnded\",\"time\":\"2026-01-01T00:00:12.5Z\",\"elapsed\":12.5,\"phase\":1,\"index\":1,"
                        + "\"kind\":\"hold\",\"title\":\"hold\",\"outcome\":\"done\",\"seconds\":2.5,\"nodes\":[]}",
                second(3, "2026-01-01T00:00:13Z", 50, stall)));

        RunSummary run = RunSummaries.of(JournalFile.read(dir));

        Percentiles phase = run.phases().get(0).latency();
        assertThat(phase.count()).isEqualTo(100);
        assertThat(phase.p50()).isEqualTo(2.0);
        assertThat(phase.p99()).isEqualTo(2.0);   // 99 of 100 calls took 2 ms
        assertThat(phase.max()).isBetween(899.0, 901.0);
        assertThat(run.phases().get(0).probe().scheduled()).isEqualTo(100);   // the third second ended after the phase
        assertThat(run.latency().count()).isEqualTo(101);
        assertThat(run.complete()).isFalse();
    }

    private static String second(int n, String time, int calls, Histogram latency) {
        String encoded = LatencyHistograms.encode(latency);
        return "{\"type\":\"probe\",\"time\":\"" + time + "\",\"elapsed\":" + (10 + n) + ",\"phase\":1,\"second\":{"
                + "\"second\":" + n + ",\"time\":\"" + time + "\",\"calls\":{\"scheduled\":" + calls + ",\"success\":"
                + calls + "},\"latencyHistogram\":\"" + encoded + "\"}}";
    }
}
