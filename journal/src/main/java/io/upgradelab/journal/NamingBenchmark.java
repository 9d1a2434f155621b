package io.upgradelab.journal;

import java.util.List;
import java.util.Map;

/**
 * One operation of a {@code benchmark} phase, measured against the cluster as it stood: the figures
 * of Nacos's published naming benchmark reports (TPS, RT avg/min/max/p80/p95/p99, server CPU), so a
 * team compares its own cluster before and after an upgrade with them and with each other.
 *
 * <p>TPS counts the operations that succeeded per second of the operation; response times are those
 * of the operations that succeeded (a failed one's time says how it failed, not how fast Nacos is),
 * and failures are counted by kind. The histogram is kept so a report can merge operations exactly.
 *
 * @param operation        register, query, heartbeat or deregister
 * @param api              {@code sdk} (nacos-client's NamingService) or {@code http} (the open API)
 * @param client           the nacos-client version for {@code sdk}; empty for {@code http}
 * @param transport        what the operations travelled over: {@code grpc} (a 2.x client) or {@code http}
 * @param clients          naming clients (one connection or HTTP client each)
 * @param threads          threads per client: the concurrency is clients x threads
 * @param services         services the instances are spread over
 * @param instances        instances per service
 * @param servers          the version of each node when the operation ran, by node number
 * @param attempted        operations started
 * @param succeeded        of them, those that succeeded
 * @param errors           the failed ones by kind (exception class, and Nacos's error code where there is one)
 * @param seconds          how long the operation ran
 * @param stoppedBy        {@code done} (every instance), {@code count} or {@code time} (the phase's bounds),
 *                         {@code interrupted}
 * @param tps              {@code succeeded / seconds}
 * @param responseTimes    of the operations that succeeded, in milliseconds
 * @param latencyHistogram the same, microseconds, as {@link LatencyHistograms} encodes it
 * @param cpu              each node's CPU while the operation ran, in % of one core
 * @param cpuLimits        each node's CPU limit in cores (target.local.nodeCpus), empty when unlimited
 * @param grpcConnections  the benchmark's own gRPC connections the nodes listed while it ran (their sum,
 *                         counted against the same version's before it connected); -1 when not asked (1.x
 *                         servers, the HTTP API, a 1.x client)
 * @param jtl              the operation's JMeter results file, relative to the run directory
 */
@LineType("benchmark")
public record NamingBenchmark(String operation, String api, String client, String transport, int clients,
                              int threads, int services, int instances, List<String> servers, long attempted,
                              long succeeded, Map<String, Long> errors, double seconds, String stoppedBy,
                              double tps, ResponseTimes responseTimes, String latencyHistogram,
                              List<NodeCpu> cpu, List<Double> cpuLimits, int grpcConnections, String jtl) {

    /**
     * The operations a benchmark phase measures, in the runner's order (its {@code benchmark} phase checks
     * an experiment's against the same names): a policy naming another is refused.
     */
    public static final List<String> OPERATIONS = List.of("register", "query", "heartbeat", "deregister");

    public NamingBenchmark {
        api = orEmpty(api);
        client = orEmpty(client);
        transport = orEmpty(transport);
        stoppedBy = orEmpty(stoppedBy);
        jtl = orEmpty(jtl);
        servers = servers == null ? List.of() : List.copyOf(servers);
        errors = errors == null ? Map.of() : Map.copyOf(errors);
        responseTimes = responseTimes == null ? ResponseTimes.NONE : responseTimes;
        cpu = cpu == null ? List.of() : List.copyOf(cpu);
        cpuLimits = cpuLimits == null ? List.of() : List.copyOf(cpuLimits);
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }

    /** The concurrency: clients x threads per client. */
    public int concurrency() {
        return clients * threads;
    }

    /** Failed operations, all kinds together. */
    public long failed() {
        return attempted - succeeded;
    }

    /**
     * One node's CPU over the operation, from the samples taken while it ran.
     *
     * @param meanPercent mean of the samples, % of one core
     * @param maxPercent  the highest sample
     * @param samples     how many samples (0: not measured, and the figures mean nothing)
     */
    public record NodeCpu(int node, double meanPercent, double maxPercent, int samples) {
    }
}
