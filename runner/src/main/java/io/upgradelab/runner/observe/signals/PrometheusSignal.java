package io.upgradelab.runner.observe.signals;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;

/**
 * A figure read from a Prometheus: a PromQL query against a Prometheus server's HTTP API (its instant value), or a
 * metric of a {@code /metrics} endpoint in Prometheus's text format (its series that match, summed), such as the
 * team's gateway's own exporter or the lab's runner's live metrics.
 *
 * @param url    the server's base URL ({@code http://prometheus:9090}) for a query, the endpoint's for a metric
 * @param query  PromQL whose instant value is the figure (one series; several are summed); or null
 * @param metric a metric name with optional label matchers ({@code http_server_requests_errors_total{route="demo"}});
 *               or null
 */
@JsonClassDescription("A figure from a Prometheus: 'query' (PromQL, its instant value from the server's API at 'url')"
        + " or 'metric' (a series of the /metrics endpoint at 'url', in Prometheus's text format, every matching series"
        + " summed).")
public record PrometheusSignal(
        @JsonProperty(required = true) @SchemaRef("httpUrl")
        @JsonPropertyDescription("The Prometheus server's URL for a query (e.g. http://127.0.0.1:9090); the endpoint's"
                + " for a metric (e.g. http://127.0.0.1:9464/metrics).") String url,
        @JsonPropertyDescription("PromQL whose instant value is the figure, e.g."
                + " sum(rate(http_server_requests_seconds_count{status=~\"5..\"}[1m])).") String query,
        @JsonPropertyDescription("A metric name, with label matchers as name{label=\"value\"}, its matching series"
                + " summed, e.g. upgradelab_probe_calls_total{outcome=\"noProvider\"}.") String metric) {
}
