package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.observe.signals.SignalSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The {@code signals} section: each signal one kind read one way, named once, its URL on loopback unless allowed. */
class SignalsSectionTest {

    private static final String PLAIN = ExperimentDir.HOLD_ON_2_0_4;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("2.0.4");

    @Test
    void aPrometheusFigureAndAnEndpointAreBoundAsWritten() {
        SignalSpec metric = files.load(PLAIN + """
                signals:
                  - name: gateway-errors
                    prometheus: {url: "http://127.0.0.1:9464/metrics", metric: 'errors_total{route="demo"}'}
                  - name: orders-health
                    http: {url: "http://127.0.0.1:8080/health", status: 200, contains: UP, timeout: 1s}
                """).experiment().signals().get(0);

        assertThat(metric.kind()).isEqualTo("prometheus");
        assertThat(metric.prometheus().metric()).isEqualTo("errors_total{route=\"demo\"}");
        assertThat(files.load(PLAIN).experiment().signals()).isEmpty();
    }

    @Test
    void eachMistakeIsRefusedAtItsLine() {
        assertThat(files.errors(PLAIN + "signals:\n  - name: a\n    prometheus: {url: \"http://127.0.0.1:9090\"}\n"))
                .singleElement().asString().startsWith(files.file() + ":6: signal 1.prometheus: signal a: give either"
                        + " query");
        assertThat(files.errors(PLAIN + "signals:\n  - name: a\n")).singleElement().asString()
                .contains("signal a: give either prometheus or http");
        assertThat(files.errors(PLAIN + "signals:\n  - {name: a, http: {url: \"http://127.0.0.1:1/\"}}\n"
                + "  - {name: a, http: {url: \"http://127.0.0.1:2/\"}}\n")).singleElement().asString()
                .contains("another signal is named a");
        assertThat(files.errors(PLAIN + "signals:\n  - {name: Bad, http: {url: \"http://127.0.0.1:1/\"}}\n"))
                .singleElement().asString().contains("'Bad' cannot name a signal");
        assertThat(files.errors(PLAIN + "signals:\n  - {name: a, http: {url: \"http://prometheus.example:9090/\"}}\n"))
                .singleElement().asString().contains("prometheus.example is not on loopback");
        assertThat(files.errors(PLAIN + "signals:\n  - {name: a, prometheus: {url: \"http://127.0.0.1:1/\","
                + " metric: \"rate(x[1m])\"}}\n")).singleElement().asString().contains("not a metric name");
    }
}
