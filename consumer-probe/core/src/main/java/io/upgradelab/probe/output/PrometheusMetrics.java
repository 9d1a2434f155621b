package io.upgradelab.probe.output;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import io.upgradelab.probe.CompletedCall;
import io.upgradelab.probe.Outcome;
import io.upgradelab.probe.ProbeOutput;
import com.sun.net.httpserver.HttpHandler;
import java.util.EnumMap;
import java.util.Map;

/**
 * The probe's counters and latency for Prometheus, served on the probe's loopback control port at
 * {@code /metrics}:
 * <ul>
 *   <li>{@code upgradelab_probe_scheduled_total}: calls scheduled;</li>
 *   <li>{@code upgradelab_probe_calls_total{outcome}}: calls ended, by outcome;</li>
 *   <li>{@code upgradelab_probe_in_flight}: calls started and not yet ended;</li>
 *   <li>{@code upgradelab_probe_latency_seconds{outcome}}: latency from the intended start;</li>
 *   <li>{@code upgradelab_probe_target_rate}: calls per second asked for.</li>
 * </ul>
 * No exemplars: there are no traces to link, and sampling them for every call costs the probe CPU.
 */
public final class PrometheusMetrics implements ProbeOutput {

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter scheduled = Counter.builder().name("upgradelab_probe_scheduled")
            .help("Calls the probe scheduled").withoutExemplars().register(registry);
    private final Counter calls = Counter.builder().name("upgradelab_probe_calls")
            .help("Calls that ended, by outcome").labelNames("outcome").withoutExemplars().register(registry);
    private final Gauge inFlight = Gauge.builder().name("upgradelab_probe_in_flight")
            .help("Calls started and not yet ended").withoutExemplars().register(registry);
    private final Histogram latency = Histogram.builder().name("upgradelab_probe_latency_seconds").unit(Unit.SECONDS)
            .help("Call latency from the call's intended start").labelNames("outcome").classicOnly()
            .classicUpperBounds(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10)
            .withoutExemplars().register(registry);

    /** Each outcome's data points, looked up once: every outcome is present from the start, at 0. */
    private final Map<Outcome, CounterDataPoint> callsBy = new EnumMap<>(Outcome.class);
    private final Map<Outcome, DistributionDataPoint> latencyBy = new EnumMap<>(Outcome.class);

    public PrometheusMetrics(double targetRate) {
        Gauge.builder().name("upgradelab_probe_target_rate").help("Calls per second asked for")
                .register(registry).set(targetRate);
        for (Outcome outcome : Outcome.values()) {
            callsBy.put(outcome, calls.labelValues(outcome.label()));
            latencyBy.put(outcome, latency.labelValues(outcome.label()));
        }
    }

    /** Serves the metrics in Prometheus's text and protobuf formats. */
    public HttpHandler handler() {
        return new MetricsHandler(registry);
    }

    @Override
    public void scheduled() {
        scheduled.inc();
        inFlight.inc();
    }

    @Override
    public void ended(CompletedCall call) {
        Outcome outcome = call.outcome().outcome();
        callsBy.get(outcome).inc();
        latencyBy.get(outcome).observe(call.latencyMicros() / 1e6);
        inFlight.dec();
    }
}
