package io.upgradelab.runner.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.runner.journal.Journal;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * A run as Prometheus metrics, read from its journal line by line as the lines are written: the
 * observers, the phases and the faults journal what they see and do, and this turns it into metrics,
 * so none of them knows of Prometheus and the metrics say what the report will say. Every name
 * starts {@code upgradelab_run_} (the probe's own start {@code upgradelab_probe_}):
 * <ul>
 *   <li>{@code upgradelab_run_info{experiment}}, {@code upgradelab_run_expected_seconds},
 *       {@code upgradelab_run_elapsed_seconds};</li>
 *   <li>{@code upgradelab_run_phase_info{number,kind,title}} (1 for the current phase; set-up is 0,
 *       tear-down -1) and {@code upgradelab_run_phase_number};</li>
 *   <li>per node ({@code node}): {@code upgradelab_run_node_instances}, {@code _healthy_instances},
 *       {@code _reachable} (1 or 0), {@code upgradelab_run_node_version_info{node,version}},
 *       {@code upgradelab_run_node_cpu_percent} (of one core), {@code _rss_bytes}; and
 *       {@code upgradelab_run_expected_instances}, what every node should list;</li>
 *   <li>the fleet: {@code upgradelab_run_fleet_providers{client}} and {@code _clients{client}} per
 *       nacos-client version, {@code upgradelab_run_fleet_target};</li>
 *   <li>the probe, per second it journals: {@code upgradelab_run_probe_calls_total{outcome}} (its
 *       outcomes as the probe labels them), {@code upgradelab_run_probe_scheduled_total},
 *       {@code upgradelab_run_probe_in_flight}, {@code upgradelab_run_probe_latency_seconds{percentile}}
 *       (p50, p75, p90, p99, max of that second's calls, from their intended start);</li>
 *   <li>{@code upgradelab_run_events_total{type,node}}: every journal line but samples and probe
 *       seconds (phaseStarted, phaseEnded, upgradeStep, fault, clientBatch, warning, ...), with the
 *       node it names, if any.</li>
 * </ul>
 * A line that does not read as its type changes nothing: the journal has it, and the reports say so.
 */
public final class RunMetrics implements Journal.Listener {

    private static final String PREFIX = "upgradelab_run";
    /** The probe's outcomes, labelled as the probe labels its own {@code upgradelab_probe_calls_total}. */
    private static final Map<String, ToLongFunction<CallCounts>> OUTCOMES = outcomes();
    private static final Set<String> NOT_EVENTS = Set.of(JournalJson.typeOf(ProbeLine.class), "sample");

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Info run = Info.builder().name(PREFIX).help("The experiment running").labelNames("experiment")
            .register(registry);
    private final Gauge expectedSeconds = gauge("expected_seconds", "How long the plan expects the run to take")
            .unit(Unit.SECONDS).register(registry);
    private final Gauge elapsedSeconds = gauge("elapsed_seconds", "Seconds since the run began, at its last journal line")
            .unit(Unit.SECONDS).register(registry);
    private final Info phase = Info.builder().name(PREFIX + "_phase")
            .help("The current phase: its number (0 set-up, -1 tear-down), kind and title")
            .labelNames("number", "kind", "title").register(registry);
    private final Gauge phaseNumber = gauge("phase_number", "The current phase's number (0 set-up, -1 tear-down)")
            .register(registry);
    private final Gauge instances = gauge("node_instances", "Instances the node lists (default group)")
            .labelNames("node").register(registry);
    private final Gauge healthy = gauge("node_healthy_instances", "Healthy instances the node lists")
            .labelNames("node").register(registry);
    private final Gauge reachable = gauge("node_reachable", "1 while the node answers, 0 while it does not")
            .labelNames("node").register(registry);
    private final Info nodeVersion = Info.builder().name(PREFIX + "_node_version")
            .help("The Nacos version each node runs").labelNames("node", "version").register(registry);
    private final Gauge expected = gauge("expected_instances",
            "Providers registered for two observation intervals: what every node should list").register(registry);
    private final Gauge cpu = gauge("node_cpu_percent", "The node's CPU since its previous sample, % of one core")
            .labelNames("node").register(registry);
    private final Gauge rss = gauge("node_rss_bytes", "The node's resident memory").unit(Unit.BYTES)
            .labelNames("node").register(registry);
    private final Gauge fleetProviders = gauge("fleet_providers", "The fleet's registered providers per nacos-client"
            + " version").labelNames("client").register(registry);
    private final Gauge fleetClients = gauge("fleet_clients", "The fleet's virtual processes (Nacos clients) per"
            + " nacos-client version").labelNames("client").register(registry);
    private final Gauge fleetTarget = gauge("fleet_target", "The provider count the fleet's current or last operation"
            + " aims at").register(registry);
    private final Counter probeCalls = Counter.builder().name(PREFIX + "_probe_calls")
            .help("The probe's calls that ended, by outcome").labelNames("outcome").withoutExemplars()
            .register(registry);
    private final Counter probeScheduled = Counter.builder().name(PREFIX + "_probe_scheduled")
            .help("The probe's calls scheduled").withoutExemplars().register(registry);
    private final Gauge probeInFlight = gauge("probe_in_flight", "The probe's calls started and not yet ended")
            .register(registry);
    private final Gauge probeLatency = gauge("probe_latency_seconds", "The latency of the probe's calls that ended in"
            + " its last second, from their intended start; NaN when none ended").unit(Unit.SECONDS)
            .labelNames("percentile").register(registry);
    private final Counter events = Counter.builder().name(PREFIX + "_events")
            .help("Journal lines other than samples and probe seconds, by type, with the node they name")
            .labelNames("type", "node").withoutExemplars().register(registry);

    /** What the last samples named, so that what a later sample leaves out reads 0 rather than stale. */
    private final Set<String> nodesSeen = new HashSet<>();
    private final Set<String> clientsSeen = new HashSet<>();
    private final Map<String, String> versions = new HashMap<>();
    private int currentPhase = Integer.MIN_VALUE;

    public RunMetrics() {
        OUTCOMES.keySet().forEach(probeCalls::initLabelValues);
    }

    /** The metrics, for a server to serve ({@link MetricsServer}). */
    public PrometheusRegistry registry() {
        return registry;
    }

    @Override
    public synchronized void appended(JsonNode line) {
        try {
            String type = line.path("type").asText();
            elapsedSeconds.set(line.path("elapsed").asDouble());
            phaseOf(line);
            if (!NOT_EVENTS.contains(type)) {
                events.labelValues(type, line.path("node").asText("")).inc();
            }
            if (JournalJson.is(line, RunStarted.class)) {
                RunStarted started = JournalJson.read(line, RunStarted.class).body();
                run.setLabelValues(started.experiment());
                expectedSeconds.set(started.expectedSeconds());
            } else if (JournalJson.is(line, PhaseStarted.class)) {
                PhaseStarted started = JournalJson.read(line, PhaseStarted.class).body();
                phase.setLabelValues(Integer.toString(started.index()), started.kind(), started.title());
            } else if (JournalJson.is(line, NodeCountsSample.class)) {
                nodeCounts(JournalJson.read(line, NodeCountsSample.class).body());
            } else if (JournalJson.is(line, NodeResourcesSample.class)) {
                for (ResourceSample node : JournalJson.read(line, NodeResourcesSample.class).body().nodes()) {
                    cpu.labelValues(label(node.node())).set(node.cpuPercent());
                    rss.labelValues(label(node.node())).set(node.rssMiB() * 1024.0 * 1024.0);
                }
            } else if (JournalJson.is(line, FleetSample.class)) {
                FleetSample sample = JournalJson.read(line, FleetSample.class).body();
                if (sample.answered()) {
                    fleet(sample.fleet());
                }
            } else if (JournalJson.is(line, ProbeLine.class)) {
                probe(JournalJson.read(line, ProbeLine.class).body().second());
            }
        } catch (IllegalArgumentException e) {
            // a line that does not read: the journal keeps it, and the reports name it
        }
    }

    /** Set-up and tear-down have no phaseStarted line: their number is the line's {@code phase}. */
    private void phaseOf(JsonNode line) {
        int number = line.path("phase").asInt();
        if (number == currentPhase) {
            return;
        }
        currentPhase = number;
        phaseNumber.set(number);
        if (number == 0) {
            phase.setLabelValues("0", "setUp", "set-up");
        } else if (number < 0) {
            phase.setLabelValues(Integer.toString(number), "tearDown", "tear-down");
        }
    }

    private void nodeCounts(NodeCountsSample sample) {
        Set<String> absent = new HashSet<>(nodesSeen);
        for (NodeSample node : sample.nodes()) {
            String label = label(node.node());
            nodesSeen.add(label);
            absent.remove(label);
            instances.labelValues(label).set(node.instances());
            healthy.labelValues(label).set(node.healthyInstances());
            reachable.labelValues(label).set(node.reachable() ? 1 : 0);
            String before = versions.get(label);
            if (node.version() != null && !node.version().equals(before)) {
                if (before != null) {
                    nodeVersion.remove(label, before);
                }
                nodeVersion.addLabelValues(label, node.version());
                versions.put(label, node.version());
            }
        }
        for (String gone : absent) {
            instances.labelValues(gone).set(0);
            healthy.labelValues(gone).set(0);
            reachable.labelValues(gone).set(0);
        }
        if (sample.expected() != null) {
            expected.set(sample.expected());
        }
    }

    private void fleet(FleetStatus fleet) {
        Set<String> absent = new HashSet<>(clientsSeen);
        Set<String> clients = new HashSet<>(fleet.providers().keySet());
        clients.addAll(fleet.processes().keySet());
        for (String client : clients) {
            clientsSeen.add(client);
            absent.remove(client);
            fleetProviders.labelValues(client).set(fleet.providers(client));
            fleetClients.labelValues(client).set(fleet.processes().getOrDefault(client, 0));
        }
        for (String gone : absent) {
            fleetProviders.labelValues(gone).set(0);
            fleetClients.labelValues(gone).set(0);
        }
        fleetTarget.set(fleet.target());
    }

    private void probe(ProbeSecond second) {
        CallCounts calls = second.calls();
        OUTCOMES.forEach((outcome, count) -> probeCalls.labelValues(outcome).inc(count.applyAsLong(calls)));
        probeScheduled.inc(calls.scheduled());
        probeInFlight.set(second.totals().inFlight());
        Percentiles latency = second.latencyMs();
        boolean none = latency == null || latency.count() == 0;
        probeLatency.labelValues("p50").set(none ? Double.NaN : latency.p50() / 1000);
        probeLatency.labelValues("p75").set(none ? Double.NaN : latency.p75() / 1000);
        probeLatency.labelValues("p90").set(none ? Double.NaN : latency.p90() / 1000);
        probeLatency.labelValues("p99").set(none ? Double.NaN : latency.p99() / 1000);
        probeLatency.labelValues("max").set(none ? Double.NaN : latency.max() / 1000);
    }

    private static String label(int node) {
        return Integer.toString(node);
    }

    private static Gauge.Builder gauge(String name, String help) {
        return Gauge.builder().name(PREFIX + "_" + name).help(help).withoutExemplars();
    }

    private static Map<String, ToLongFunction<CallCounts>> outcomes() {
        Map<String, ToLongFunction<CallCounts>> outcomes = new LinkedHashMap<>();
        outcomes.put("success", CallCounts::success);
        outcomes.put("no_provider", CallCounts::noProvider);
        outcomes.put("timeout", CallCounts::timeout);
        outcomes.put("network", CallCounts::network);
        outcomes.put("other", CallCounts::other);
        return Collections.unmodifiableMap(outcomes);
    }
}
