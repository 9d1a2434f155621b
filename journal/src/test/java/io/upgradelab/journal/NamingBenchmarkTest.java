package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A benchmark line reads back as written, and its response times are exact from the histogram. */
class NamingBenchmarkTest {

    private static final ObjectMapper JSON = JournalJson.builder().build();

    @Test
    void aBenchmarkLineWritesWhatItReadsWithItsConcurrencyAndFailures() throws Exception {
        NamingBenchmark written = new NamingBenchmark("register", "sdk", "2.0.4", "grpc", 4, 8, 10, 100,
                List.of("2.0.4", "1.4.1", "1.4.1"), 1012, 1000, Map.of("NacosException 500", 12L), 0.4, "done", 2500,
                new ResponseTimes(1000, 4, 1, 30, 3, 6, 8, 10), null,
                List.of(new NamingBenchmark.NodeCpu(1, 45.2, 60, 10)), List.of(2.0), 8, "benchmark/register.jtl");
        ObjectNode tree = JSON.valueToTree(written);
        tree.put("type", "benchmark").put("time", "2026-01-01T00:00:00Z").put("elapsed", 3.0).put("phase", 4);

        Line<NamingBenchmark> read = JournalJson.read(tree, NamingBenchmark.class);

        assertThat(read.body()).isEqualTo(written);
        assertThat(read.phase()).isEqualTo(4);
        assertThat(read.body().concurrency()).isEqualTo(32);
        assertThat(read.body().failed()).isEqualTo(12);
    }

    @Test
    void aLineWithoutItsListsReadsThemEmptyAndWithoutResponseTimes() throws Exception {
        JsonNode line = JSON.readTree("{\"type\":\"benchmark\",\"time\":\"2026-01-01T00:00:00Z\",\"elapsed\":1,"
                + "\"phase\":1,\"operation\":\"query\",\"api\":\"http\",\"clients\":1,\"threads\":4}");

        NamingBenchmark read = JournalJson.read(line, NamingBenchmark.class).body();

        assertThat(read.servers()).isEmpty();
        assertThat(read.errors()).isEmpty();
        assertThat(read.cpu()).isEmpty();
        assertThat(read.responseTimes()).isSameAs(ResponseTimes.NONE);
        assertThat(read.concurrency()).isEqualTo(4);
    }

    @Test
    void responseTimesAreThoseOfEveryValueInMilliseconds() {
        Histogram micros = LatencyHistograms.empty();
        micros.recordValueWithCount(2_000, 80);   // 80 at 2 ms
        micros.recordValueWithCount(5_000, 15);
        micros.recordValueWithCount(10_000, 4);
        micros.recordValue(50_000);               // one at 50 ms

        ResponseTimes rt = ResponseTimes.of(micros);

        assertThat(rt.count()).isEqualTo(100);
        assertThat(rt.min()).isEqualTo(2.0);
        assertThat(rt.p50()).isEqualTo(2.0);
        assertThat(rt.p80()).isEqualTo(2.0);
        assertThat(rt.p95()).isCloseTo(5.0, within(0.01));
        assertThat(rt.p99()).isCloseTo(10.0, within(0.01));
        assertThat(rt.max()).isCloseTo(50.0, within(0.05));
        assertThat(rt.avg()).isCloseTo((80 * 2 + 15 * 5 + 4 * 10 + 50) / 100.0, within(0.01));
        assertThat(ResponseTimes.of(LatencyHistograms.empty())).isSameAs(ResponseTimes.NONE);
    }
}
