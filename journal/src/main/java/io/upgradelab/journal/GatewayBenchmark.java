package io.upgradelab.journal;

import java.util.List;
import java.util.Map;

/**
 * One wrk run of a {@code gatewayBenchmark} phase (the {@code gatewayBenchmark} journal line): HTTP load at
 * one concurrency for a set time, either straight at the demo backends or through a gateway that found them
 * through the cluster under test. It holds wrk's own figures, those of the reference gateway benchmark
 * (Apache ShenYu with wrk: QPS and latency p50/p75/p90/p99, average and max, direct against through the
 * gateway at 600, 800 and 1000 connections), so this machine's table stands beside the reference's, and a
 * run measured before and after an upgrade compares with itself.
 *
 * @param route       {@code direct} (wrk at one backend, as the reference's direct row) or {@code gateway}
 * @param gateway     the gateway's name, e.g. {@code spring-cloud-gateway}; empty for {@code direct}
 * @param url         what wrk called
 * @param concurrency wrk's connections, each one request at a time
 * @param threads     wrk's threads
 * @param seconds     how long wrk ran, as it reported
 * @param requests    the requests it completed
 * @param qps         wrk's Requests/sec (every response, whatever its status)
 * @param latency     wrk's latency distribution, milliseconds: p50, p75, p90, p99, avg and max
 * @param errors      wrk's socket errors by kind ({@code connect}, {@code read}, {@code write}, {@code timeout})
 *                    and the responses that were not 2xx or 3xx ({@code non2xx}); empty when none
 * @param backends    how many demo backends were registered
 * @param delayMillis how long each backend waited before answering
 * @param bodyBytes   how many bytes each answer held
 * @param servers     the version of each node when wrk ran, by node number (when it ended, for a run {@code during}
 *                    a phase)
 * @param during      the kind of the phase wrk ran through (e.g. {@code rollingServerUpgrade}), its seconds the
 *                    {@link GatewaySecond} lines; empty for a measured run, on the cluster as it stood
 */
@LineType("gatewayBenchmark")
public record GatewayBenchmark(String route, String gateway, String url, int concurrency, int threads, double seconds,
                               long requests, double qps, Latency latency, Map<String, Long> errors, int backends,
                               long delayMillis, int bodyBytes, List<String> servers, String during) {

    /** The direct route's name: wrk against a backend, no gateway between. */
    public static final String DIRECT = "direct";
    /** The gateway route's name. */
    public static final String GATEWAY = "gateway";

    public GatewayBenchmark {
        errors = errors == null ? Map.of() : Map.copyOf(errors);
        servers = servers == null ? List.of() : List.copyOf(servers);
        during = during == null ? "" : during;
    }

    /** A measured run of the cluster as it stood, without {@code during}. */
    public GatewayBenchmark(String route, String gateway, String url, int concurrency, int threads, double seconds,
                            long requests, double qps, Latency latency, Map<String, Long> errors, int backends,
                            long delayMillis, int bodyBytes, List<String> servers) {
        this(route, gateway, url, concurrency, threads, seconds, requests, qps, latency, errors, backends, delayMillis,
                bodyBytes, servers, "");
    }

    /**
     * Whether {@code other} put the same load on the same route: route, gateway, connections and backends alike,
     * both measured or both through a phase of the same kind. Only such runs set one against the other.
     */
    public boolean sameLoadAs(GatewayBenchmark other) {
        return route.equals(other.route) && gateway.equals(other.gateway) && concurrency == other.concurrency
                && backends == other.backends && delayMillis == other.delayMillis && bodyBytes == other.bodyBytes
                && during.equals(other.during);
    }

    /**
     * wrk's latency figures, in milliseconds.
     *
     * @param p50 the median
     * @param p75 the 75th percentile
     * @param p90 the 90th percentile
     * @param p99 the 99th percentile
     * @param avg the mean
     * @param max the slowest
     */
    public record Latency(double p50, double p75, double p90, double p99, double avg, double max) {
    }

    /** Every error wrk counted, of every kind. */
    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** "gateway spring-cloud-gateway at 600: 13892.1 QPS, p99 159.0 ms, 0 errors". */
    public String describe() {
        return (DIRECT.equals(route) ? "direct" : "through " + gateway) + " at " + concurrency
                + (during.isEmpty() ? "" : " during " + during) + ": "
                + String.format(java.util.Locale.ROOT, "%.1f QPS, p50 %.1f ms, p99 %.1f ms, max %.1f ms", qps,
                latency.p50(), latency.p99(), latency.max()) + ", " + errorCount() + " errors"
                + (errors.isEmpty() ? "" : " " + errors);
    }
}
