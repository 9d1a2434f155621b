package io.upgradelab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FaultEvent;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.LineType;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.journal.SetUp;
import io.upgradelab.journal.UpgradeStep;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.testing.GrafanaDashboard;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live metrics, fed by the real journal with real journal lines (the records the engine, the
 * observers and the phases append), scraped from the real HTTP endpoint: every metric the Grafana
 * dashboard queries is served, and each says what the journal said.
 */
class RunMetricsTest {

    @TempDir
    Path run;

    private final RunMetrics metrics = new RunMetrics();
    private final MetricsServer server = MetricsServer.start(metrics.registry(), "127.0.0.1", 0);
    private Journal journal;

    @AfterEach
    void close() {
        if (journal != null) {
            journal.close();
        }
        server.close();
    }

    @Test
    void everyMetricTheDashboardQueriesIsServed() {
        GrafanaDashboard dashboard = GrafanaDashboard.read();
        assertThat(dashboard.metricNames()).as("the names the dashboard's PromQL reads").contains(
                "upgradelab_run_phase_info", "upgradelab_run_node_instances", "upgradelab_run_node_cpu_percent",
                "upgradelab_run_probe_calls_total", "upgradelab_run_probe_latency_seconds",
                "upgradelab_run_fleet_providers", "upgradelab_run_events_total");
        journalARun();

        assertThat(GrafanaDashboard.scrape(server.url())).containsAll(dashboard.metricNames());
    }

    @Test
    void theDashboardShowsThePhasesAsAnnotationsAndHasThePanelsOfARun() {
        GrafanaDashboard dashboard = GrafanaDashboard.read();
        assertThat(dashboard.document().at("/annotations/list")).anySatisfy(annotation ->
                assertThat(GrafanaDashboard.metricNames(annotation.path("expr").asText()))
                        .containsExactly("upgradelab_run_phase_info"));
        assertThat(dashboard.document().path("panels")).extracting(panel -> panel.path("title").asText()).contains(
                "Instances per node", "CPU per node", "Probe outcomes", "Probe latency",
                "Fleet providers by client version");
    }

    @Test
    void theExpressionsMetricNamesLeaveOutFunctionsLabelsRangesAndGroupings() {
        assertThat(GrafanaDashboard.metricNames("sum by (outcome) (rate(upgradelab_run_probe_calls_total"
                + "{outcome=~\"success|other\"}[$__rate_interval])) / ignoring(outcome) group_left"
                + " scalar(upgradelab_run_probe_scheduled_total) > 0.5e3 and on() vector(1)"))
                .containsExactly("upgradelab_run_probe_calls_total", "upgradelab_run_probe_scheduled_total");
    }

    @Test
    void eachMetricSaysWhatTheJournalSaid() {
        journalARun();
        String scraped = scrapeText();

        assertThat(scraped).contains(
                "upgradelab_run_info{experiment=\"metrics-test\"} 1",
                "upgradelab_run_expected_seconds 300.0",
                "upgradelab_run_phase_info{kind=\"hold\",number=\"2\",title=\"hold for 2m\"} 1",
                "upgradelab_run_phase_number 2.0",
                "upgradelab_run_node_instances{node=\"1\"} 120.0",
                "upgradelab_run_node_healthy_instances{node=\"1\"} 118.0",
                "upgradelab_run_node_reachable{node=\"1\"} 1.0",
                "upgradelab_run_node_reachable{node=\"2\"} 0.0",
                "upgradelab_run_node_version_info{node=\"2\",version=\"2.0.4\"} 1",
                "upgradelab_run_expected_instances 120.0",
                "upgradelab_run_node_cpu_percent{node=\"1\"} 35.5",
                "upgradelab_run_node_rss_bytes{node=\"1\"} 5.36870912E8",
                "upgradelab_run_fleet_providers{client=\"1.4.1\"} 80.0",
                "upgradelab_run_fleet_providers{client=\"2.0.4\"} 40.0",
                "upgradelab_run_fleet_clients{client=\"2.0.4\"} 1.0",
                "upgradelab_run_fleet_target 120.0",
                "upgradelab_run_probe_calls_total{outcome=\"success\"} 194.0",
                "upgradelab_run_probe_calls_total{outcome=\"no_provider\"} 4.0",
                "upgradelab_run_probe_calls_total{outcome=\"timeout\"} 2.0",
                "upgradelab_run_probe_calls_total{outcome=\"network\"} 0.0",
                "upgradelab_run_probe_scheduled_total 200.0",
                "upgradelab_run_probe_latency_seconds{percentile=\"p99\"} 0.0125",
                "upgradelab_run_events_total{node=\"1\",type=\"fault\"} 2.0",
                "upgradelab_run_events_total{node=\"2\",type=\"upgradeStep\"} 1.0",
                "upgradelab_run_events_total{node=\"\",type=\"phaseStarted\"} 2.0");
        assertThat(scraped).as("the phase that ended is no longer current").doesNotContain("number=\"1\"");
        assertThat(scraped).as("samples and probe seconds are not events")
                .doesNotContain("type=\"sample\"", "type=\"probe\"");
    }

    @Test
    void setUpAndTearDownAreThePhasesOfTheLinesBeforeAndAfterThePhases() {
        journal = Journal.create(run, metrics);
        journal.append(SetUp.cluster(List.of()));
        assertThat(scrapeText()).contains("upgradelab_run_phase_info{kind=\"setUp\",number=\"0\",title=\"set-up\"} 1",
                "upgradelab_run_phase_number 0.0");
        journal.setPhase(1);
        journal.append(new PhaseStarted(1, "hold", "hold for 1m", 60));
        journal.setPhase(-1);
        journal.append(new RunEnded("completed", 0, 75, null, null));

        assertThat(scrapeText()).contains(
                "upgradelab_run_phase_info{kind=\"tearDown\",number=\"-1\",title=\"tear-down\"} 1",
                "upgradelab_run_phase_number -1.0", "upgradelab_run_events_total{node=\"\",type=\"runEnded\"} 1.0",
                "upgradelab_run_elapsed_seconds ").doesNotContain("number=\"1\"", "number=\"0\"");
    }

    @Test
    void whatALaterSampleLeavesOutReadsZeroAndANewVersionReplacesTheOld() {
        journal = Journal.create(run, metrics);
        journal.append(new NodeCountsSample(List.of(new NodeSample(1, "1.4.1", true, 4, 120, 120, 2, 2, null),
                new NodeSample(2, "1.4.1", true, 4, 120, 120, 2, 2, null))));
        journal.append(fleet(Map.of("1.4.1", 120), Map.of("1.4.1", 3)));
        journal.append(new NodeCountsSample(List.of(new NodeSample(1, "2.0.4", true, 4, 110, 110, 2, 2, null))));
        journal.append(fleet(Map.of("2.0.4", 120), Map.of("2.0.4", 3)));

        assertThat(scrapeText()).contains("upgradelab_run_node_instances{node=\"2\"} 0.0",
                        "upgradelab_run_node_version_info{node=\"1\",version=\"2.0.4\"} 1",
                        "upgradelab_run_fleet_providers{client=\"1.4.1\"} 0.0",
                        "upgradelab_run_fleet_providers{client=\"2.0.4\"} 120.0")
                .doesNotContain("upgradelab_run_node_version_info{node=\"1\",version=\"1.4.1\"}");
    }

    @Test
    void aLineThatDoesNotReadLeavesTheMetricsAndTheJournalGoingOn() {
        journal = Journal.create(run, metrics);
        journal.append(new NodeCountsSample(List.of(new NodeSample(1, "1.4.1", true, 4, 120, 120, 2, 2, null))));
        journal.append(new NodeCountsNotAList("not a list"));
        journal.append(new PhaseStarted(1, "hold", "hold for 1m", 60));

        assertThat(scrapeText()).contains("upgradelab_run_node_instances{node=\"1\"} 120.0",
                "upgradelab_run_phase_info{kind=\"hold\",number=\"1\",title=\"hold for 1m\"} 1");
    }

    @Test
    void aPortTakenIsRefusedNamingItAndTheWildcardNeverServes() {
        int taken = server.url().getPort();
        assertThatThrownBy(() -> MetricsServer.start(metrics.registry(), "127.0.0.1", taken))
                .isInstanceOf(LabException.class).hasMessageContaining("127.0.0.1:" + taken)
                .hasMessageContaining("--metrics-port");
        assertThatThrownBy(() -> MetricsServer.start(metrics.registry(), "0.0.0.0", 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void closedItServesNoMore() {
        assertThat(server.url().toString()).matches("http://127\\.0\\.0\\.1:\\d+/metrics");
        assertThat(scrapeText()).contains("upgradelab_run_probe_calls_total");
        server.close();
        assertThatThrownBy(this::scrapeText).hasCauseInstanceOf(IOException.class);
    }

    /** A run of two phases, as the engine, the observers, a fault and a server upgrade journal it. */
    private void journalARun() {
        journal = Journal.create(run, metrics);
        journal.append(new RunStarted(JournalJson.FORMAT, "metrics-test", "", 1, List.of(), Map.of(), Map.of(),
                Map.of(), 5, List.of(), List.of(), 30, 300, run.toString()));
        journal.setPhase(1);
        journal.append(new PhaseStarted(1, "rampTo", "ramp to 120 providers", 60));
        journal.append(new NodeCountsSample(List.of(new NodeSample(1, "1.4.1", true, 4, 120, 118, 2, 2, null),
                NodeSample.unreachable(2, "2.0.4", "connection refused")), 120));
        journal.append(new NodeResourcesSample(List.of(new ResourceSample(1, 35.5, 512))));
        journal.append(fleet(Map.of("1.4.1", 80, "2.0.4", 40), Map.of("1.4.1", 2, "2.0.4", 1)));
        journal.append(probeSecond(1));
        journal.append(new FaultEvent("pause", 1, "paused"));
        journal.append(new FaultEvent("pause", 1, "resumed"));
        journal.append(new PhaseEnded(1, "rampTo", "ramp to 120 providers", "done", 61.5, 60, List.of(),
                CallCounts.NONE, 1, 120, null));
        journal.setPhase(2);
        journal.append(new PhaseStarted(2, "hold", "hold for 2m", 120));
        journal.append(UpgradeStep.stopping(2, "1.4.1", "2.0.4"));
        journal.append(probeSecond(2));
    }

    /** A node-counts sample whose nodes are not a list: a line the metrics cannot read. */
    @LineType(value = "sample", observer = "nodeCounts")
    private record NodeCountsNotAList(String nodes) {
    }

    private static FleetSample fleet(Map<String, Integer> providers, Map<String, Integer> clients) {
        return FleetSample.of(new FleetStatus(providers, clients, 120, false, 0, 0, "", null, 1, 1, 10, 100),
                List.of("1.4.1"), 1);
    }

    private static ProbeLine probeSecond(long second) {
        CallCounts calls = new CallCounts(100, 97, 2, 1, 0, 0, 0, Map.of());
        return new ProbeLine(new ProbeSecond(second, Instant.parse("2024-01-01T00:00:00Z").plusSeconds(second), calls,
                calls, new Percentiles(100, 1.5, 2, 3, 12.5, 40), Percentiles.NONE, 5, ""));
    }

    private String scrapeText() {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.url()).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
