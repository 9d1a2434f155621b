package io.upgradelab.runner.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.journal.GatewayBenchmark.Latency;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WrkTest {

    /** What Debian's wrk 4.1.0 printed here through Spring Cloud Gateway (two backends at 20 ms). */
    private static final String THROUGH_THE_GATEWAY = """
            Running 5s test @ http://127.0.0.1:39200/demo/x
              2 threads and 100 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency   201.04ms  100.56ms 671.52ms   72.38%
                Req/Sec   264.59    113.68   585.00     72.63%
              Latency Distribution
                 50%  182.06ms
                 75%  248.31ms
                 90%  341.18ms
                 99%  529.66ms
              2517 requests in 5.02s, 5.15MB read
            Requests/sec:    501.02
            Transfer/sec:      1.03MB
            """;

    @Test
    void itsReportIsReadAsWrkPrintedIt() {
        Wrk.Report report = Wrk.parse(THROUGH_THE_GATEWAY).orElseThrow();

        assertThat(report.requests()).isEqualTo(2517);
        assertThat(report.seconds()).isEqualTo(5.02);
        assertThat(report.qps()).isEqualTo(501.02);
        assertThat(report.latency()).isEqualTo(new Latency(182.06, 248.31, 341.18, 529.66, 201.04, 671.52));
        assertThat(report.errors()).isEmpty();
    }

    @Test
    void socketErrorsAndAnswersThatWereNotTwoHundredsAreCountedByKind() {
        String failing = THROUGH_THE_GATEWAY.replace("  2517 requests in 5.02s, 5.15MB read\n", """
                  2517 requests in 5.02s, 5.15MB read
                  Socket errors: connect 0, read 3, write 0, timeout 12
                  Non-2xx or 3xx responses: 40
                """).replace("671.52ms", "1.20s").replace("182.06ms", "812.00us");

        Wrk.Report report = Wrk.parse(failing).orElseThrow();

        assertThat(report.errors()).isEqualTo(Map.of("read", 3L, "timeout", 12L, "non2xx", 40L));
        assertThat(report.latency().max()).isEqualTo(1200);
        assertThat(report.latency().p50()).isEqualTo(0.812);
    }

    @Test
    void aReportWithoutItsFiguresIsNoReport() {
        assertThat(Wrk.parse("unable to connect to 127.0.0.1:21900 Connection refused\n")).isEmpty();
        assertThat(Wrk.parse(THROUGH_THE_GATEWAY.replace("     99%  529.66ms\n", ""))).isEmpty();
        assertThatThrownBy(() -> Wrk.millis("12 parsecs")).isInstanceOf(IllegalArgumentException.class);
    }
}
