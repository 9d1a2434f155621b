package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.benchmark.BenchmarkClients;
import io.upgradelab.runner.benchmark.BenchmarkOperation;
import io.upgradelab.runner.benchmark.BenchmarkWorkload;
import io.upgradelab.runner.benchmark.NamingBenchmarker;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Nacos's naming benchmark against the cluster as it stands at this point of the experiment: register,
 * query (and heartbeat on 1.x), deregister, each measured as the published benchmark reports measure
 * them (TPS, RT avg/min/max/p80/p95/p99, server CPU), so one experiment measures 1.x, upgrades, and
 * measures 2.x. Each operation is a {@code benchmark} journal line and a JMeter JTL.
 */
@JsonTypeName("benchmark")
@JsonClassDescription("Nacos's naming benchmark against the cluster as it stands here: each operation (register,"
        + " query, heartbeat, deregister) driven by clients x threads, closed-loop, and journalled as a 'benchmark' line"
        + " (TPS, RT avg/min/max/p80/p95/p99, errors by kind, each node's CPU) with a JMeter JTL. Its instances are"
        + " ephemeral, in services named upgrade-lab-benchmark-*; those not deregistered expire once its clients close.")
public record Benchmark(
        @SchemaRef("benchmarkOperations")
        @JsonPropertyDescription("The operations, in order. Default [register, query, deregister]. query, heartbeat and"
                + " deregister act on what register registered, so register comes first.")
        List<String> operations,
        @SchemaRef("client")
        @JsonPropertyDescription("The nacos-client version of api sdk (1.x over HTTP, 2.x over gRPC). Default: the"
                + " fleet's client version at this point.")
        String client,
        @SchemaRef("benchmarkApi")
        @JsonPropertyDescription("sdk: nacos-client's NamingService (the default); http: Nacos's HTTP open API"
                + " (v1/ns/instance), each client on one node in turn.")
        String api,
        @SchemaRef("positive") @JsonPropertyDescription("Naming clients (one connection each). Default 4.") int clients,
        @SchemaRef("positive") @JsonPropertyDescription("Threads per client: the concurrency is clients x threads."
                + " Default 8.") int threads,
        @SchemaRef("positive") @JsonPropertyDescription("Services the instances are spread over. Default 100.")
        int services,
        @SchemaRef("positive") @JsonPropertyDescription("Instances per service; instance k is client k mod clients'."
                + " With a 2.x client at most 'clients' (a 2.x client holds one instance per service). Default 4.")
        int instances,
        @SchemaRef("benchmarkCount") @JsonPropertyDescription("Calls of each query and heartbeat operation. Default:"
                + " as many as instances registered. register and deregister go once through every instance.")
        long count,
        @JsonProperty("for") @JsonPropertyDescription("The longest each operation runs; what is not done by then is"
                + " not done (the line says stoppedBy time). Default 60s.")
        Duration duration) implements Phase {

    /** The most threads (clients x threads) a benchmark runs in the runner's JVM. */
    static final int MAX_CONCURRENCY = 1024;
    /** The most instances (services x instances) a benchmark registers, as many as the fleet's 1 million providers. */
    static final long MAX_INSTANCES = FleetScale.MAX_PROVIDERS;
    private static final List<String> DEFAULT_OPERATIONS = List.of("register", "query", "deregister");
    /** Only for the plan's expected duration: a rate every version reaches here. */
    private static final int PLANNED_TPS = 500;
    private static final String SERVICE_PREFIX = "upgrade-lab-benchmark-";
    private static final String LOCAL_IP = "127.0.0.1";

    public Benchmark {
        operations = operations == null || operations.isEmpty() ? DEFAULT_OPERATIONS : List.copyOf(operations);
        api = api == null ? "sdk" : api;
        clients = clients == 0 ? 4 : clients;
        threads = threads == 0 ? 8 : threads;
        services = services == 0 ? 100 : services;
        instances = instances == 0 ? 4 : instances;
        duration = duration == null ? Duration.ofSeconds(60) : duration;
    }

    private boolean sdk() {
        return "sdk".equals(api);
    }

    /** The client version it runs with, given the fleet's now; "" for the HTTP API. */
    private String clientVersion(String fleetClient) {
        return !sdk() ? "" : ClientVersions.canonical(client != null ? client : fleetClient);
    }

    @Override
    public String title(PlannedState state) {
        String how = sdk() ? "nacos-client " + clientVersion(state.fleetClient()) : "the HTTP API";
        return "benchmark " + String.join(", ", operations) + " through " + how + " (" + clients + "x" + threads
                + " threads, " + services + "x" + instances + " instances)";
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        checkOperations(problems);
        checkBounds(problems);
        String version = clientVersion(state.fleetClient());
        if (!sdk() && client != null) {
            problems.add("client", "api http uses no nacos-client: leave client out, or use api sdk");
        }
        if (sdk() && !ClientVersions.isOneX(version)) {
            if (!state.servesTwoX()) {
                problems.add("client", "a 2.x client is refused while the cluster runs in 1.x mode (nodes: "
                        + state.nodeVersions() + "); benchmark with a 1.x client or the HTTP API here");
            }
            if (instances > clients) {
                problems.add("instances", instances + " instances per service need as many clients: a 2.x client holds"
                        + " one instance per service (a second registration replaces the first); clients is " + clients);
            }
            if (operations.contains("heartbeat")) {
                problems.add("operations", "heartbeat is a 1.x operation: a " + version + " client keeps its instances"
                        + " alive by its gRPC connection (use a 1.x client or api http)");
            }
        }
        long total = (long) services * instances;
        long calls = count > 0 ? count : total;
        Duration expected = Duration.ZERO;
        for (String operation : operations) {
            long n = "register".equals(operation) || "deregister".equals(operation) ? total : calls;
            Duration estimate = Duration.ofMillis(Math.max(1, n * 1000 / PLANNED_TPS));
            expected = expected.plus(estimate.compareTo(duration) < 0 ? estimate : duration);
        }
        return expected;
    }

    /**
     * What each field allows alone, multiplied, must stay within what one runner drives: every thread of
     * clients x threads is a thread of the runner, and every instance of services x instances is registered (and
     * its services created) on the cluster. A {@code for} of 0s measures nothing.
     */
    private void checkBounds(Problems problems) {
        if ((long) clients * threads > MAX_CONCURRENCY) {
            problems.add("threads", clients + " clients x " + threads + " threads is " + (long) clients * threads
                    + " threads, more than the " + MAX_CONCURRENCY + " one runner drives: fewer clients or threads");
        }
        if ((long) services * instances > MAX_INSTANCES) {
            problems.add("instances", services + " services x " + instances + " instances is "
                    + (long) services * instances + " instances, more than the " + MAX_INSTANCES
                    + " a benchmark registers: fewer services or instances");
        }
        if (duration.isZero()) {
            problems.add("for", "0s measures nothing: at least 1s (default 60s)");
        }
    }

    private void checkOperations(Problems problems) {
        Set<String> seen = new HashSet<>();
        for (String operation : operations) {
            if (BenchmarkOperation.named(operation).isEmpty()) {
                problems.add("operations", "'" + operation + "' is no operation: register, query, heartbeat, deregister");
            } else if (!seen.add(operation)) {
                problems.add("operations", operation + " is listed twice");
            } else if (!"register".equals(operation) && !seen.contains("register")) {
                problems.add("operations", operation + " acts on what register registered: list register before it");
            }
        }
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        String version = clientVersion(run.fleetGeneration());
        BenchmarkWorkload workload = new BenchmarkWorkload(SERVICE_PREFIX + "p" + System.currentTimeMillis() % 100000
                + "-", LOCAL_IP, clients, services, instances);
        boolean countsGrpc = sdk() && !ClientVersions.isOneX(version);
        int grpcBefore = countsGrpc ? NamingBenchmarker.grpcConnections(run.cluster(), version) : -1;
        run.say("benchmark: connecting " + clients + " " + (sdk() ? "nacos-client " + version : "HTTP API") + " clients");
        try (BenchmarkClients connected = sdk()
                ? BenchmarkClients.sdk(ClientCatalog.installed().factory(version), run.cluster(), LOCAL_IP, clients)
                : BenchmarkClients.http(run.cluster(), clients)) {
            NamingBenchmarker benchmarker = new NamingBenchmarker(new NamingBenchmarker.Settings(api, version, threads,
                    workload), connected, run.cluster(), run.observations(), grpcBefore);
            for (String operation : operations) {
                measure(run, benchmarker, BenchmarkOperation.named(operation).orElseThrow());
            }
            if (benchmarker.leftRegistered() > 0) {
                run.say("benchmark: " + benchmarker.leftRegistered() + " instances left registered expire now that its"
                        + " clients close");
            } else {
                run.say("benchmark: deleted " + benchmarker.deleteEmptyServices() + " of its " + services + " emptied"
                        + " services (left empty, they would hold back a 1.x to 2.x upgrade's upgraded=true)");
            }
        }
    }

    private void measure(RunContext run, NamingBenchmarker benchmarker, BenchmarkOperation operation)
            throws InterruptedException {
        run.say("benchmark: " + operation.fileName() + " (at most " + Durations.text(duration) + ")");
        RunContext.PhaseFile jtl = run.phaseFile("benchmark", operation.fileName() + ".jtl");
        NamingBenchmark line = benchmarker.measure(operation, count, duration, jtl.path(), jtl.relative());
        run.record(line);
        run.say(String.format("benchmark: %s %.1f TPS, RT avg %.2f ms, p99 %.2f ms, %d of %d failed (%s)",
                operation.fileName(), line.tps(), line.responseTimes().avg(), line.responseTimes().p99(),
                line.failed(), line.attempted(), line.stoppedBy()));
        if (Thread.interrupted()) {
            throw new InterruptedException("benchmark interrupted during " + operation.fileName());
        }
    }
}
