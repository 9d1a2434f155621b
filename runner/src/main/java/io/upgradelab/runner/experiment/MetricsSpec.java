package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import io.upgradelab.runner.LabException;
import java.util.Map;
import org.upgradelab.demo.LabAddress;

/**
 * The experiment's {@code metrics} section: the runner serves Prometheus metrics while the run lasts,
 * so a dashboard (docs/grafana/) follows a run of hours as it goes rather than from its report at the
 * end. Absent, nothing is served unless {@code run --metrics-port} asks for it.
 *
 * @param port    the port; 0 when the file does not say ({@link #DEFAULT_PORT})
 * @param address the address it listens on, the runner's own: loopback unless the file allows remote ones;
 *                {@value #POD} for the address the runner is given at run time ({@code UPGRADE_LAB_ADDRESS}: a
 *                runner Job's pod address), which an in-cluster Prometheus scrapes
 */
@JsonClassDescription("Live Prometheus metrics while the run lasts, at http://address:port/metrics: the phase,"
        + " instances and CPU per node, the probe's calls by outcome and its latency, the fleet's providers per"
        + " client version, and the journal's events as counters (docs/grafana/ has a dashboard of them). 'run"
        + " --metrics-port' overrides the port, and 0 turns them off. Absent: none, unless --metrics-port asks.")
public record MetricsSpec(
        @SchemaRef("port")
        @JsonPropertyDescription("The port, 1 to 65535. Default 9464.")
        int port,
        @SchemaRef("metricsAddress")
        @JsonPropertyDescription("The address the metrics listen on: an IPv4 address, or 'pod' for the runner's own"
                + " address at run time (in a runner Job, its pod's: what an in-cluster Prometheus scrapes; render k8s"
                + " then gives the Job a 'metrics' port and Prometheus's scrape annotations; off loopback, so with"
                + " target.allowRemote). Default 127.0.0.1.")
        String address) {

    /** The port Prometheus exporters of this kind conventionally use (OpenTelemetry's Prometheus exporter's). */
    public static final int DEFAULT_PORT = 9464;

    public MetricsSpec {
        port = port == 0 ? DEFAULT_PORT : port;
        address = address == null ? LabAddress.DEFAULT : address;
    }

    /** The address word for the runner's own address at run time. */
    public static final String POD = "pod";

    /** Whether the metrics listen on the address the runner is given at run time ({@value #POD}). */
    public boolean onPodAddress() {
        return POD.equals(address);
    }

    /**
     * The address to listen on: this section's, or for {@value #POD} the runner's own from {@code environment}
     * ({@code UPGRADE_LAB_ADDRESS}; 127.0.0.1 where it is not set). One off loopback without {@code allowRemote}
     * is refused.
     */
    public String bindAddress(Map<String, String> environment, boolean allowRemote) {
        String bind = onPodAddress() ? environment.getOrDefault(LabAddress.ADDRESS_VARIABLE, LabAddress.DEFAULT) : address;
        if (!allowRemote && !LabAddress.isLoopback(bind)) {
            throw LabException.invalidInput("metrics.address " + address + " is " + bind
                    + ", off loopback: the live metrics listen there only with target.allowRemote: true");
        }
        return bind;
    }

    /** {@code port} on this section's address. */
    public MetricsSpec withPort(int otherPort) {
        return new MetricsSpec(otherPort, address);
    }
}
