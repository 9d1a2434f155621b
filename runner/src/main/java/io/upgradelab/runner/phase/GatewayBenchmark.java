package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.GatewaySecond;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.gateway.GatewayLoad;
import io.upgradelab.runner.gateway.GatewayRig;
import io.upgradelab.runner.gateway.Wrk;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The reference gateway benchmark against the cluster as it stands here: real demo backends register
 * through it, a real gateway finds them through it, and wrk measures QPS and latency straight at a backend
 * and through the gateway, at the reference's connections (600 direct; 600, 800, 1000 through the
 * gateway) times the experiment's scale. Measured before and after an upgrade, it says what the upgrade
 * did to traffic that reaches services through a gateway.
 */
@JsonTypeName("gatewayBenchmark")
@JsonClassDescription("The reference gateway benchmark against the cluster as it stands here: 'backends' demo HTTP"
        + " backends (answering after 'delay' with 'bodyBytes') register through Nacos, Spring Cloud Gateway finds them"
        + " through Nacos, and wrk runs 'for' each at every 'direct' connection count against one backend and every"
        + " 'concurrency' through the gateway (both times the scale, at least 10), each a 'gatewayBenchmark' journal line"
        + " with wrk's QPS, p50/p75/p90/p99, average, max and errors. Needs every node serving 2.x or later (the gateway's"
        + " nacos-client 3.0 speaks gRPC). With 'during', that phase (a rollingServerUpgrade, say) then runs whole under wrk"
        + " through the gateway at 'duringConnections', and 10 s more: a 'gatewaySecond' journal line per second (answers,"
        + " answers not 2xx/3xx) and a 'gatewayBenchmark' line of the whole. The backends and the gateway stop when the"
        + " phase ends.")
public record GatewayBenchmark(
        @SchemaRef("positive") @JsonPropertyDescription("Demo backends registered (ports firstPort, firstPort+1, ...). Default 2.") int backends,
        @JsonPropertyDescription("How long a backend waits before it answers. Default 20ms, as the reference's mock.")
        Duration delay,
        @SchemaRef("responseBytes") @JsonPropertyDescription("Bytes of each answer. Default 2048, about the reference mock's 2 KB.") int bodyBytes,
        @SchemaRef("connectionCounts") @JsonPropertyDescription("wrk's connections through the gateway, one run each, times the scale. Default"
                + " [600, 800, 1000], the reference's.") List<Integer> concurrency,
        @SchemaRef("connectionCounts") @JsonPropertyDescription("wrk's connections straight at backend 1, one run each, times the scale. Default [600],"
                + " the reference's direct row; [] for none.") List<Integer> direct,
        @JsonProperty("for") @JsonPropertyDescription("How long each wrk run lasts. Default 30s.") Duration duration,
        @JsonPropertyDescription("The longest warm-up through the gateway at the highest connections, not journalled:"
                + " rounds of 10 s until two in a row differ by under 5 % in QPS (the gateway's and backends' JIT"
                + " settled), or this much has passed. Default 2m; 0s for none.") Duration warmUp,
        @SchemaRef("positive") @JsonPropertyDescription("wrk's threads. Default 2.") int threads,
        @JsonPropertyDescription("Spring Cloud LoadBalancer's instance cache in the gateway (on by default in Spring"
                + " Cloud, 35 s; spring-cloud-alibaba #3175). Default true.") Boolean loadBalancerCache,
        @SchemaRef("port") @JsonPropertyDescription("The first backend's port on 127.0.0.1; the gateway listens at firstPort + 100. Default"
                + " 21800, below this machine's ephemeral range.") int firstPort,
        @JsonPropertyDescription("A phase run whole under wrk through the gateway, after the measured runs (a"
                + " rollingServerUpgrade, a rollingClientUpgrade): the gateway's answers per second through it. Its"
                + " lines are journalled under this phase. Default: none.") Phase during,
        @SchemaRef("positive") @JsonPropertyDescription("wrk's connections through the gateway while 'during' runs, times the scale."
                + " Default: the fewest of 'concurrency'.") int duringConnections) implements Phase {

    /** The fewest connections a scaled run keeps: fewer measure wrk's round trips, not a gateway. */
    static final int MIN_CONNECTIONS = 10;
    /** The most connections one wrk run opens: each is a socket of wrk, the gateway and a backend. */
    static final int MAX_CONNECTIONS = 5000;
    /** One warm-up round. */
    static final Duration WARM_UP_ROUND = Duration.ofSeconds(10);
    /** Two warm-up rounds whose QPS differ by less than this (%) say the gateway has settled. */
    static final double SETTLED_PERCENT = 5;
    /** The longest a phase run under wrk may take before wrk stops by itself. */
    static final Duration DURING_BOUND = Duration.ofHours(2);
    /** How long wrk goes on once the phase under it has ended: the seconds its last step took to heal. */
    static final Duration AFTER_DURING = Duration.ofSeconds(10);
    /** Starting the backends and the gateway, and finding every backend through it, takes this long here. */
    private static final Duration START = Duration.ofSeconds(45);

    public GatewayBenchmark {
        backends = backends == 0 ? 2 : backends;
        delay = delay == null ? Duration.ofMillis(20) : delay;
        bodyBytes = bodyBytes == 0 ? 2048 : bodyBytes;
        concurrency = concurrency == null ? List.of(600, 800, 1000) : List.copyOf(concurrency);
        direct = direct == null ? List.of(600) : List.copyOf(direct);
        duration = duration == null ? Duration.ofSeconds(30) : duration;
        warmUp = warmUp == null ? Duration.ofMinutes(2) : warmUp;
        threads = threads == 0 ? 2 : threads;
        loadBalancerCache = loadBalancerCache == null ? Boolean.TRUE : loadBalancerCache;
        firstPort = firstPort == 0 ? 21800 : firstPort;
    }

    /** The benchmark without a phase under it. */
    public GatewayBenchmark(int backends, Duration delay, int bodyBytes, List<Integer> concurrency, List<Integer> direct,
                            Duration duration, Duration warmUp, int threads, Boolean loadBalancerCache, int firstPort) {
        this(backends, delay, bodyBytes, concurrency, direct, duration, warmUp, threads, loadBalancerCache, firstPort, null,
                0);
    }

    @Override
    public GatewayBenchmark resolve(FleetScale scale, Problems problems) {
        List<Integer> through = scaled(concurrency, scale);
        int connections = duringConnections > 0 ? scaled(List.of(duringConnections), scale).get(0)
                : through.stream().mapToInt(Integer::intValue).min().orElse(MIN_CONNECTIONS);
        return new GatewayBenchmark(backends, delay, bodyBytes, through, scaled(direct, scale), duration, warmUp, threads,
                loadBalancerCache, firstPort, during == null ? null : during.resolve(scale, problems.at("during")),
                during == null ? duringConnections : connections);
    }

    private static List<Integer> scaled(List<Integer> connections, FleetScale scale) {
        return connections.stream().map(c -> c <= 0 ? c
                : Math.max(MIN_CONNECTIONS, (int) Math.min(Integer.MAX_VALUE, Math.round(c * scale.factor())))).toList();
    }

    @Override
    public String title(PlannedState state) {
        return "gateway benchmark: wrk " + (direct.isEmpty() ? "" : "direct at " + list(direct) + ", ")
                + "through spring-cloud-gateway at " + list(concurrency) + " connections (" + backends + " backends, "
                + delay.toMillis() + " ms, " + bodyBytes + " B)"
                + (during == null ? "" : ", then per second at " + duringConnections + " through " + during.title(state));
    }

    private static String list(List<Integer> connections) {
        return connections.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        checkConnections("concurrency", concurrency, problems);
        checkConnections("direct", direct, problems);
        if (concurrency.isEmpty()) {
            problems.add("concurrency", "at least one run through the gateway: the gateway is what this phase measures");
        }
        if (backends < 1 || backends > 50) {
            problems.add("backends", backends + " backends: 1 to 50");
        }
        if (bodyBytes < 1 || bodyBytes > 10 * 1024 * 1024) {
            problems.add("bodyBytes", bodyBytes + " bytes: 1 to 10 MiB");
        }
        if (duration.isZero() || duration.isNegative()) {
            problems.add("for", "each wrk run needs at least 1s (default 30s)");
        }
        if (threads < 1 || threads > 64) {
            problems.add("threads", threads + " wrk threads: 1 to 64");
        }
        if (firstPort < 1024 || firstPort + 100 > 32767) {
            problems.add("firstPort", firstPort + ": the backends and the gateway (firstPort + 100) need ports from 1024"
                    + " to 32767, below the ephemeral range");
        }
        if (!state.servesTwoX()) {
            problems.add("kind", "the gateway and its backends run nacos-client 3.0 (gRPC), which a cluster in 1.x mode"
                    + " (nodes: " + state.nodeVersions() + ") does not serve: benchmark the gateway once the nodes run 2.x");
        }
        Duration underWrk = Duration.ZERO;
        if (during != null) {
            if (during instanceof GatewayBenchmark) {
                problems.add("during", "a gateway benchmark under a gateway benchmark: their backends would share ports");
            }
            if (duringConnections != 0) {
                checkConnections("duringConnections", List.of(duringConnections), problems);
            }
            underWrk = during.plan(state, problems.at("during")).plus(AFTER_DURING);
        }
        return START.plus(warmUp).plus(duration.multipliedBy(concurrency.size() + direct.size())).plus(underWrk);
    }

    private void checkConnections(String field, List<Integer> connections, Problems problems) {
        for (int c : connections) {
            if (c < 1 || c > MAX_CONNECTIONS) {
                problems.add(field, c + " connections: 1 to " + MAX_CONNECTIONS);
            } else if (c < threads) {
                problems.add(field, c + " connections on " + threads + " wrk threads: each thread needs one");
            }
        }
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        List<String> servers = versions(run);
        GatewayRig.Settings settings = new GatewayRig.Settings(run.cluster().serverAddresses(), run.cluster().credentials(),
                backends, delay, bodyBytes, List.of(loadBalancerCache), firstPort);
        run.say("gateway benchmark: starting " + backends + " demo backends and spring-cloud-gateway");
        GatewayLoad load = run.gatewayLoad();
        try (GatewayLoad.Rig rig = load.start(settings, run.phaseFile("gateway", "rig").path(), run::say)) {
            warmUp(run, load, rig);
            for (int c : direct) {
                measure(run, load, rig, io.upgradelab.journal.GatewayBenchmark.DIRECT, c, servers);
            }
            for (int c : concurrency) {
                measure(run, load, rig, io.upgradelab.journal.GatewayBenchmark.GATEWAY, c, servers);
            }
            if (during != null) {
                through(run, load, rig);
            }
        }
    }

    /**
     * {@link #during} run whole under wrk through the gateway, and {@link #AFTER_DURING} more; what wrk
     * measured is journalled even when the phase under it fails.
     */
    private void through(RunContext run, GatewayLoad load, GatewayLoad.Rig rig) throws InterruptedException {
        run.say("gateway benchmark: wrk through the gateway at " + duringConnections + " connections, per second, through "
                + during.kind());
        GatewayLoad.Running wrk = load.through(rig.gatewayUrl(), threads, duringConnections, DURING_BOUND,
                run.phaseFile("gateway", "wrk-during-" + duringConnections + ".txt").path());
        try {
            during.run(run);
            run.pause(AFTER_DURING);   // the load goes on a while: the last step's healing, seen
        } catch (RuntimeException | InterruptedException e) {
            boolean interrupted = Thread.interrupted();   // cleared, so wrk can be waited for and its figures kept
            try {
                record(run, rig, wrk.stop());
            } catch (RuntimeException | InterruptedException stopping) {
                e.addSuppressed(stopping);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            throw e;
        }
        record(run, rig, wrk.stop());
    }

    private void record(RunContext run, GatewayLoad.Rig rig, Wrk.Series series) {
        List<GatewaySecond> seconds = new ArrayList<>();
        for (Wrk.Second second : series.seconds()) {
            GatewaySecond line = new GatewaySecond(GatewayRig.GATEWAY_NAME, during.kind(), duringConnections,
                    seconds.size() + 1, Instant.ofEpochSecond(second.epochSecond() + 1), second.responses(), second.non2xx());
            run.record(line);
            seconds.add(line);
        }
        run.say("gateway benchmark: through " + during.kind() + ", " + GatewaySecond.tally(seconds).describe());
        if (series.report().isEmpty()) {
            run.say("gateway benchmark: wrk completed no request through the gateway during " + during.kind());
            return;
        }
        Wrk.Report report = series.report().get();
        io.upgradelab.journal.GatewayBenchmark line = new io.upgradelab.journal.GatewayBenchmark(
                io.upgradelab.journal.GatewayBenchmark.GATEWAY, GatewayRig.GATEWAY_NAME, rig.gatewayUrl(),
                duringConnections, threads, report.seconds(), report.requests(), report.qps(), report.latency(),
                report.errors(), backends, delay.toMillis(), bodyBytes, versions(run), during.kind());
        run.record(line);
        run.say("gateway benchmark: " + line.describe());
    }

    private static List<String> versions(RunContext run) {
        return run.cluster().nodes().stream().map(NodeStatus::version).toList();
    }

    /**
     * Rounds through the gateway at the highest connections until two in a row differ by under
     * {@value #SETTLED_PERCENT} % in QPS, at most {@code warmUp} in all: on two shared cores a gateway's JIT
     * competes with the load it compiles for, and a fixed warm-up left QPS rising run after run here.
     */
    private void warmUp(RunContext run, GatewayLoad load, GatewayLoad.Rig rig) throws InterruptedException {
        int most = concurrency.stream().mapToInt(Integer::intValue).max().orElse(MIN_CONNECTIONS);
        Duration round = warmUp.compareTo(WARM_UP_ROUND) < 0 ? warmUp : WARM_UP_ROUND;
        double previous = -1;
        int rounds = round.isZero() ? 0 : (int) Math.ceil((double) warmUp.toMillis() / round.toMillis());
        for (int i = 1; i <= rounds; i++) {
            double qps = load.wrk(rig.gatewayUrl(), threads, most, round,
                    run.phaseFile("gateway", "warm-up-" + i + ".txt").path()).qps();
            run.say(String.format(java.util.Locale.ROOT, "gateway benchmark: warming up at %d connections: %.1f QPS", most,
                    qps));
            if (previous > 0 && Math.abs(qps - previous) < previous * SETTLED_PERCENT / 100) {
                return;
            }
            previous = qps;
        }
        if (rounds > 0) {
            run.say("gateway benchmark: QPS still moving after the " + Durations.text(warmUp) + " warm-up");
        }
    }

    private void measure(RunContext run, GatewayLoad load, GatewayLoad.Rig rig, String route, int connections,
                                                          List<String> servers) throws InterruptedException {
        boolean direct = io.upgradelab.journal.GatewayBenchmark.DIRECT.equals(route);
        String url = direct ? rig.backendUrl(0) : rig.gatewayUrl();
        run.say("gateway benchmark: wrk " + (direct ? "direct" : "through the gateway") + " at " + connections
                + " connections for " + Durations.text(duration));
        Wrk.Report report = load.wrk(url, threads, connections, duration,
                run.phaseFile("gateway", "wrk-" + route + "-" + connections + ".txt").path());
        io.upgradelab.journal.GatewayBenchmark line = new io.upgradelab.journal.GatewayBenchmark(route,
                direct ? "" : GatewayRig.GATEWAY_NAME, url, connections, threads, report.seconds(), report.requests(),
                report.qps(), report.latency(), report.errors(), backends, delay.toMillis(), bodyBytes, servers);
        run.record(line);
        run.say("gateway benchmark: " + line.describe());
    }
}
