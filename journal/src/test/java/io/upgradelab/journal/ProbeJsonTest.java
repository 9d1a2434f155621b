package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The probe's files are written and read through one codec, and what does not read says which field. */
class ProbeJsonTest {

    /** A line of series.jsonl as the probe wrote it before the journal module existed (hand-written JSON). */
    private static final String OLD_LINE = "{\"second\":1,\"time\":\"2026-11-24T00:14:43.896073584Z\","
            + "\"calls\":{\"scheduled\":101,\"success\":99,\"noProvider\":0,\"timeout\":0,\"network\":0,\"other\":0,"
            + "\"inFlight\":2,\"otherClasses\":{}},\"totals\":{\"scheduled\":101,\"success\":99,\"noProvider\":0,"
            + "\"timeout\":0,\"network\":0,\"other\":0,\"inFlight\":2,\"otherClasses\":{}},\"latencyMs\":{\"count\":99,"
            + "\"p50\":5.17,\"p75\":12.02,\"p90\":18.96,\"p99\":32.34,\"max\":32.34},\"lagMs\":{\"count\":102,"
            + "\"p50\":0.16,\"p75\":0.28,\"p90\":0.78,\"p99\":3.07,\"max\":4.03},\"cpuPercent\":10.8,"
            + "\"latencyHistogram\":\"\"}";

    /** summary.json as the probe wrote it while it stored achievedRate and balanced (a run of 428.77 s). */
    private static final String OLD_SUMMARY = ""
            + "{\n"
            + "    \"client\": \"Dubbo 2.7.23 + nacos-client 1.4.1\",\n"
            + "    \"label\": \"DemoService.sayHello\",\n"
            + "    \"targetRate\": 100.0,\n"
            + "    \"achievedRate\": 100.001,\n"
            + "    \"started\": \"2026-11-22T04:38:26.648Z\",\n"
            + "    \"ended\": \"2026-11-22T04:45:35.417842733Z\",\n"
            + "    \"callingSeconds\": 428.7650282,\n"
            + "    \"balanced\": true,\n"
            + "    \"totals\": {\n"
            + "        \"scheduled\": 42877,\n"
            + "        \"success\": 42870,\n"
            + "        \"noProvider\": 3,\n"
            + "        \"timeout\": 2,\n"
            + "        \"network\": 1,\n"
            + "        \"other\": 1,\n"
            + "        \"inFlight\": 0,\n"
            + "        \"otherClasses\": {\n"
            + "            \"java.lang.IllegalStateException\": 1\n"
            + "        }\n"
            + "    },\n"
            + "    \"latencyMs\": {\n"
            + "        \"count\": 42877,\n"
            + "        \"p50\": 3.04,\n"
            + "        \"p75\": 5.86,\n"
            + "        \"p90\": 10.29,\n"
            + "        \"p99\": 30.38,\n"
            + "        \"max\": 239.74\n"
            + "    },\n"
            + "    \"lagMs\": {\n"
            + "        \"count\": 42877,\n"
            + "        \"p50\": 0.2,\n"
            + "        \"p75\": 0.96,\n"
            + "        \"p90\": 2.47,\n"
            + "        \"p99\": 8.42,\n"
            + "        \"max\": 158.21\n"
            + "    },\n"
            + "    \"cpuPercent\": 9.0\n"
            + "}\n";

    @Test
    void aSecondReadsBackAsWrittenAndWritesAsTheProbeAlwaysDid() {
        ProbeSecond second = ProbeJson.second(OLD_LINE);
        assertThat(second.calls().inFlight()).isEqualTo(2);
        assertThat(second.latencyMs().p99()).isEqualTo(32.34);
        assertThat(second.time()).isEqualTo(Instant.parse("2026-11-24T00:14:43.896073584Z"));
        assertThat(ProbeJson.line(second)).isEqualTo(OLD_LINE);
    }

    @Test
    void aSummaryRoundTrips() {
        CallCounts totals = new CallCounts(300, 290, 4, 3, 2, 1, 0, Map.of("java.lang.IllegalStateException", 1L));
        ProbeSummary summary = ProbeSummary.of("Dubbo 2.7.23 + nacos-client 1.4.1", "DemoService.sayHello", 100,
                Instant.parse("2026-11-24T00:00:00Z"), Instant.parse("2026-11-24T00:00:03.5Z"), 3.0, totals,
                new Percentiles(290, 1, 2, 3, 4, 5), Percentiles.NONE, 7.5);
        assertThat(summary.achievedRate()).isEqualTo(100.0);
        assertThat(summary.balanced()).isTrue();
        assertThat(ProbeJson.summary(ProbeJson.document(summary))).isEqualTo(summary);
    }

    @Test
    void aSummaryWritesAsTheProbeAlwaysDidItsRateAndBalanceDerived() {
        ProbeSummary summary = ProbeJson.summary(OLD_SUMMARY);
        assertThat(summary.achievedRate()).isEqualTo(100.001);
        assertThat(summary.balanced()).isTrue();
        assertThat(ProbeJson.document(summary)).isEqualTo(OLD_SUMMARY);
        ProbeSummary edited = ProbeJson.summary(OLD_SUMMARY
                .replace("\"achievedRate\": 100.001", "\"achievedRate\": 5.0")
                .replace("\"balanced\": true", "\"balanced\": false"));
        assertThat(edited).as("derived from the totals, not read").isEqualTo(summary);
        assertThat(ProbeSummary.of("c", "l", 100, summary.started(), summary.ended(), 0, CallCounts.NONE,
                Percentiles.NONE, Percentiles.NONE, 0).achievedRate()).isZero();
    }

    @Test
    void whatDoesNotReadNamesTheField() {
        assertThatThrownBy(() -> ProbeJson.second(OLD_LINE.replace("\"scheduled\":101,\"success\"", "\"scheduled\":1.5,\"success\"")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("calls.scheduled");
        assertThatThrownBy(() -> ProbeJson.second(OLD_LINE.replace("2026-11-24T00:14:43", "yesterday")))
                .hasMessageContaining("field time");
        assertThatThrownBy(() -> ProbeJson.second("{\"second\":1")).hasMessageContaining("not a JSON object");
    }

    @Test
    void thePhaseTheRunnerTellsRoundTripsAndWhatDoesNotReadNamesTheField() {
        ProbePhase phase = new ProbePhase(9, "rolling server upgrade to 2.0.4 (3 nodes), \"then\" upgraded=true",
                Instant.parse("2026-11-22T04:39:25.853Z"));

        assertThat(ProbeJson.phase(ProbeJson.phase(phase))).isEqualTo(phase);
        assertThat(phase.label()).isEqualTo("phase 9: rolling server upgrade to 2.0.4 (3 nodes), \"then\" upgraded=true");
        assertThatThrownBy(() -> ProbeJson.phase("{\"index\":0,\"title\":\"set-up\",\"at\":\"2026-11-22T04:39:25Z\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("field index");
        assertThatThrownBy(() -> ProbeJson.phase("{\"index\":1.5,\"title\":\"x\",\"at\":\"2026-11-22T04:39:25Z\"}"))
                .hasMessageContaining("field index");
        assertThatThrownBy(() -> ProbeJson.phase("{\"index\":1,\"at\":\"2026-11-22T04:39:25Z\"}"))
                .hasMessageContaining("field title");
        assertThatThrownBy(() -> ProbeJson.phase("{\"index\":1,\"title\":\"x\",\"at\":\"soon\"}"))
                .hasMessageContaining("field at");
    }

    @Test
    void histogramsSurviveTheirTextAndBadTextSaysSo() {
        Histogram micros = LatencyHistograms.empty();
        for (long v = 1_000; v <= 100_000; v += 1_000) {
            micros.recordValue(v);
        }
        Histogram back = LatencyHistograms.decode(LatencyHistograms.encode(micros));
        assertThat(Percentiles.of(back)).isEqualTo(Percentiles.of(micros));
        assertThat(Percentiles.of(back).p50()).isBetween(49.95, 50.05);
        assertThat(Percentiles.of(LatencyHistograms.empty())).isEqualTo(Percentiles.NONE);
        assertThatThrownBy(() -> LatencyHistograms.decode("HISTFAAAAnotreally"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("latencyHistogram does not decode");
    }

    @Test
    void countsAddUpAndKeepTheLaterInFlight() {
        CallCounts a = new CallCounts(10, 8, 1, 0, 0, 1, 1, Map.of("X", 1L));
        CallCounts b = new CallCounts(10, 9, 0, 0, 0, 1, 0, Map.of("X", 1L, "Y", 0L));
        CallCounts sum = a.plus(b);
        assertThat(sum.scheduled()).isEqualTo(20);
        assertThat(sum.ended()).isEqualTo(20);
        assertThat(sum.inFlight()).isZero();
        assertThat(sum.otherClasses()).containsEntry("X", 2L);
        assertThat(sum.successPercent()).isEqualTo(85.0);
        assertThat(CallCounts.NONE.successPercent()).isEqualTo(100.0);
    }
}
