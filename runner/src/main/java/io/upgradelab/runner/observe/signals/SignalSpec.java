package io.upgradelab.runner.observe.signals;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.journal.SignalSample;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.net.URI;

/**
 * One of the team's own signals, declared in the experiment ({@code signals}) and sampled every
 * {@code observeEvery} through the run like the lab's own observations: a team that already watches its gateway's
 * error rate in Prometheus, or its service's health endpoint, judges the upgrade by those ({@code prometheus} and
 * {@code http} criteria), not only by the lab's probe.
 *
 * @param name       how the journal, the report and a policy's criteria name it
 * @param prometheus a figure read from a Prometheus; null for an {@code http} signal
 * @param http       an endpoint's health; null for a {@code prometheus} signal
 */
@JsonClassDescription("A signal of the team's own, sampled every observeEvery through the run (the journal's signals"
        + " samples; the report's Signals table): either 'prometheus' (a figure from a Prometheus) or 'http' (an"
        + " endpoint's health). A policy judges it with a prometheus or http criterion naming it.")
public record SignalSpec(
        @JsonProperty(required = true) @SchemaRef("signalName")
        @JsonPropertyDescription("Its name, as criteria name it: lower-case letters, digits and '-'.") String name,
        @SchemaRef("prometheusSignal") @JsonPropertyDescription("A figure read from a Prometheus.")
        PrometheusSignal prometheus,
        @SchemaRef("httpSignal") @JsonPropertyDescription("An endpoint's health.") HttpSignal http) {

    /** {@code prometheus} or {@code http}: which kind it is. */
    public String kind() {
        return prometheus != null ? SignalSample.PROMETHEUS : SignalSample.HTTP;
    }

    /** Where it is read; null for a signal of neither kind (refused by {@link #check}) or a URL that is none. */
    public URI url() {
        String url = prometheus != null ? prometheus.url() : http != null ? http.url() : null;
        try {
            return url == null ? null : URI.create(url);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** What the schema cannot say: one kind, and for prometheus one way of reading it. */
    public void check(Problems problems) {
        if ((prometheus == null) == (http == null)) {
            problems.add("", "signal " + name + ": give either prometheus or http");
        }
        if (prometheus != null && (prometheus.query() == null) == (prometheus.metric() == null)) {
            problems.add("prometheus", "signal " + name + ": give either query (PromQL, against a Prometheus server's API)"
                    + " or metric (a series of a /metrics endpoint, summed)");
        }
    }
}
