package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Typed lines read back from the journal's text, old lines included, and what does not read says so. */
class JournalJsonTest {

    private static final ObjectMapper JSON = JournalJson.builder().build();

    @Test
    void aPhaseEndedLineOfAnOlderRunReadsTyped() throws Exception {
        JsonNode line = JSON.readTree("{\"type\":\"phaseEnded\",\"time\":\"2026-11-24T00:15:42.742423210Z\","
                + "\"elapsed\":110.992,\"phase\":1,\"index\":1,\"kind\":\"rampTo\",\"title\":\"ramp to 6000 providers\","
                + "\"outcome\":\"done\",\"seconds\":59.789,\"expectedSeconds\":35,\"nodes\":[{\"node\":1,\"samples\":12,"
                + "\"unreachable\":0,\"minInstances\":2,\"maxInstances\":5730,\"meanInstances\":3424.2,"
                + "\"stddevInstances\":1953.2,\"belowSamples\":0,\"drops\":0,\"recoveries\":0,\"meanCpuPercent\":51.2,"
                + "\"maxCpuPercent\":59.3,\"maxRssMiB\":666}],\"probe\":{\"scheduled\":5900,\"success\":5900,"
                + "\"noProvider\":0,\"timeout\":0,\"network\":0,\"other\":0,\"inFlight\":0,\"otherClasses\":{}},"
                + "\"probeSeconds\":59,\"providers\":6002}");
        Line<PhaseEnded> read = JournalJson.read(line, PhaseEnded.class);
        assertThat(read.phase()).isEqualTo(1);
        assertThat(read.elapsed()).isEqualTo(110.992);
        assertThat(read.body().nodes()).singleElement().extracting(PhaseEnded.NodeFigures::maxInstances).isEqualTo(5730);
        assertThat(read.body().providers()).isEqualTo(6002);
        assertThat(read.body().message()).isNull();
        assertThat(read.body().probe().scheduled()).isEqualTo(5900);
    }

    @Test
    void aTypedLineWritesWhatItReads() throws Exception {
        PhaseEnded ended = new PhaseEnded(3, "hold", "hold 1m", "failed", 60.5, 60, List.of(), CallCounts.NONE, 60, null,
                "node 2 did not answer");
        JsonNode tree = JSON.valueToTree(ended);
        assertThat(tree.has("providers")).as("absent, not null").isFalse();
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree).put("type", "phaseEnded")
                .put("time", "2026-11-24T00:00:00Z").put("elapsed", 1.0).put("phase", 3);
        assertThat(JournalJson.read(tree, PhaseEnded.class).body()).isEqualTo(ended);
        assertThat(JournalJson.typeOf(ProbeLine.class)).isEqualTo("probe");
    }

    @Test
    void aProbeSummaryLineOfAnOlderRunWritesBackAsTheRunnerWroteIt() throws Exception {
        String body = "{\"summary\":{\"client\":\"Dubbo 2.7.23 + nacos-client 1.4.1\",\"label\":\"DemoService.sayHello\","
                + "\"targetRate\":100.0,\"achievedRate\":100.001,\"started\":\"2026-11-22T04:38:26.648Z\","
                + "\"ended\":\"2026-11-22T04:45:35.417842733Z\",\"callingSeconds\":428.7650282,\"balanced\":true,"
                + "\"totals\":{\"scheduled\":42877,\"success\":42877,\"noProvider\":0,\"timeout\":0,\"network\":0,"
                + "\"other\":0,\"inFlight\":0,\"otherClasses\":{}},\"latencyMs\":{\"count\":42877,\"p50\":3.04,"
                + "\"p75\":5.86,\"p90\":10.29,\"p99\":30.38,\"max\":239.74},\"lagMs\":{\"count\":42877,\"p50\":0.2,"
                + "\"p75\":0.96,\"p90\":2.47,\"p99\":8.42,\"max\":158.21},\"cpuPercent\":9.0}}";
        com.fasterxml.jackson.databind.node.ObjectNode line = JSON.readTree(body).deepCopy();
        line.put("type", "probeSummary").put("time", "2026-11-22T04:45:36.210456832Z");
        ProbeSummary summary = JournalJson.read(line, ProbeSummaryLine.class).body().summary();
        assertThat(summary.achievedRate()).isEqualTo(100.001);
        assertThat(summary.balanced()).isTrue();
        assertThat(JSON.writeValueAsString(new ProbeSummaryLine(summary))).isEqualTo(body);
    }

    @Test
    void aLineThatDoesNotReadNamesItsTypeAndField() throws Exception {
        JsonNode line = JSON.readTree("{\"type\":\"phaseStarted\",\"time\":\"2026-11-24T00:00:00Z\",\"elapsed\":1,"
                + "\"phase\":1,\"index\":\"first\",\"kind\":\"hold\",\"title\":\"t\",\"expectedSeconds\":3}");
        assertThatThrownBy(() -> JournalJson.read(line, PhaseStarted.class))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("phaseStarted")
                .hasMessageContaining("first");
    }

    @Test
    void samplesAreToldApartByTheirObserver() throws Exception {
        JsonNode counts = JSON.readTree("{\"type\":\"sample\",\"time\":\"2026-11-24T00:14:42.970504187Z\","
                + "\"elapsed\":51.22,\"phase\":1,\"observer\":\"nodeCounts\",\"nodes\":[{\"node\":1,"
                + "\"version\":\"1.4.1\",\"reachable\":true,\"services\":1,\"instances\":2,\"healthyInstances\":2,"
                + "\"demoInstances\":2,\"demoHealthy\":2,\"error\":null}]}");
        assertThat(JournalJson.is(counts, NodeCountsSample.class)).isTrue();
        assertThat(JournalJson.is(counts, NodeResourcesSample.class)).isFalse();
        assertThat(JournalJson.read(counts, NodeCountsSample.class).body().nodes())
                .containsExactly(new NodeSample(1, "1.4.1", true, 1, 2, 2, 2, 2, null));
        assertThat(JournalJson.observerOf(MachineSample.class)).isEqualTo("machine");
        assertThat(JournalJson.observerOf(PhaseEnded.class)).isEmpty();
    }

    @Test
    void aFleetThatDidNotAnswerIsASampleWithOnlyItsError() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode failed = JSON.valueToTree(FleetSample.failed("refused"));
        assertThat(failed.has("fleet")).isFalse();
        failed.put("type", "sample").put("observer", "fleet").put("time", "2026-11-24T00:00:00Z");
        assertThat(JournalJson.read(failed, FleetSample.class).body().answered()).isFalse();
        JsonNode old = JSON.readTree("{\"type\":\"sample\",\"time\":\"2026-11-24T00:14:42.99Z\",\"elapsed\":51.2,"
                + "\"phase\":1,\"observer\":\"fleet\",\"fleet\":{\"providers\":{\"1x\":120,\"2x\":0},"
                + "\"processes\":{\"1x\":1,\"2x\":0},\"target\":120,\"busy\":false,\"registrationFailures\":0,"
                + "\"clientErrors\":0,\"lastError\":\"\",\"beatsPerSecond\":24.0,\"nominalBeatsPerSecond\":24.0,"
                + "\"cpuPercent\":1.25,\"rssBytes\":85172224},\"demoProviders\":[\"1x\",\"1x\"],"
                + "\"demoProvidersAlive\":2}");
        FleetSample sample = JournalJson.read(old, FleetSample.class).body();
        assertThat(sample.fleet().totalProviders()).isEqualTo(120);
        assertThat(sample.fleet().lastStop()).as("absent from older fleets").isEqualTo(StopReport.NONE);
        assertThat(sample.demoProvidersAlive()).isEqualTo(2);
    }

    @Test
    void aRunStartedLineWithoutHostOrToolVersionReadsWithNeither() throws Exception {
        String old = "{\"type\":\"runStarted\",\"time\":\"2026-11-22T04:36:56.195Z\",\"elapsed\":0.011,\"phase\":0,"
                + "\"experiment\":\"e\",\"description\":\"\",\"scale\":0.02,\"observeEverySeconds\":5}";
        String now = old.replace("\"observeEverySeconds\":5", "\"observeEverySeconds\":5,\"host\":\"lab-7\","
                + "\"toolVersion\":\"0.1.0\"");

        RunStarted before = JournalJson.read(JSON.readTree(old), RunStarted.class).body();
        RunStarted after = JournalJson.read(JSON.readTree(now), RunStarted.class).body();

        assertThat(before.host()).isNull();
        assertThat(before.toolVersion()).isNull();
        assertThat(before.observeEverySeconds()).isEqualTo(5);
        assertThat(after.host()).isEqualTo("lab-7");
        assertThat(after.toolVersion()).isEqualTo("0.1.0");
    }

    @Test
    void aJournalWithoutAFormatIsFormatOne() {
        assertThat(new RunStarted(0, "e", "", 1, null, null, null, null, 5, null, null, 0, 0, "").format()).isEqualTo(1);
    }
}
