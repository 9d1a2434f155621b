package io.upgradelab.runner.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * wrk through a phase: Debian's wrk with the lab's seconds.lua against a server of the test's own, which answers 200
 * and then 503. The seconds are every thread's answers summed, a second without answers is one, the edges (partly
 * outside the run) are left out, and SIGINT ends wrk with its report.
 */
class WrkThroughTest {

    @Test
    void wrkCountsItsAnswersPerSecondAndStopsWithItsReportOnSigint(@TempDir Path dir) throws Exception {
        assumeTrue(Wrk.installed(), "Debian's wrk (.ci/run installs it)");
        AtomicBoolean failing = new AtomicBoolean();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/demo", exchange -> {
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(failing.get() ? 503 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/demo/call";
            Wrk.Through wrk = Wrk.through(url, 2, 4, Duration.ofSeconds(60), dir.resolve("wrk-during-4.txt"));
            Thread.sleep(2_500);
            failing.set(true);
            Thread.sleep(2_500);
            long before = System.nanoTime();
            Wrk.Series series = wrk.stop();
            Duration stopping = Duration.ofNanos(System.nanoTime() - before);

            assertThat(stopping).as("SIGINT ends wrk, not its 60 s bound").isLessThan(Duration.ofSeconds(10));
            Wrk.Report report = series.report().orElseThrow();
            List<Wrk.Second> seconds = series.seconds();
            assertThat(seconds).hasSizeBetween(3, 5);
            assertThat(seconds).as("one second after another").extracting(Wrk.Second::epochSecond)
                    .isEqualTo(LongStream.range(0, seconds.size())
                            .map(i -> seconds.get(0).epochSecond() + i).boxed().toList());
            assertThat(seconds.get(0).non2xx()).as("answered 200 at first").isZero();
            assertThat(seconds.get(seconds.size() - 1).non2xx()).as("503 at the end")
                    .isEqualTo(seconds.get(seconds.size() - 1).responses()).isPositive();
            long counted = seconds.stream().mapToLong(Wrk.Second::responses).sum();
            assertThat(counted).as("the whole seconds: most of wrk's requests, never more")
                    .isLessThanOrEqualTo(report.requests()).isGreaterThan(report.requests() / 2);
            assertThat(report.errors().get("non2xx")).isGreaterThanOrEqualTo(
                    seconds.stream().mapToLong(Wrk.Second::non2xx).sum());
            assertThat(dir.resolve("wrk-during-4-seconds")).isDirectoryContaining("glob:**/second-1.csv")
                    .isDirectoryContaining("glob:**/second-2.csv");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void theThreadsSecondsAreSummedAndASecondNoneWroteIsOneWithoutAnswers(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("second-1.csv"), "100,7,0\n101,5,1\n103,4,0\n104,9,9\n");
        Files.writeString(dir.resolve("second-2.csv"), "100,3,0\n101,6,0\n");

        List<Wrk.Second> seconds = Wrk.seconds(dir, 100, 104);

        assertThat(seconds).as("100 and 104 are partly outside the run").containsExactly(new Wrk.Second(101, 11, 1),
                new Wrk.Second(102, 0, 0), new Wrk.Second(103, 4, 0));
    }
}
