package io.upgradelab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.probe.output.JtlFile;
import io.upgradelab.probe.output.SeriesFile;
import io.upgradelab.probe.output.SummaryFile;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schedule and the books, against a fake target (the real client is tested end to end in probe-it). */
class ProbeTest {

    @TempDir
    Path dir;

    @Test
    void everyScheduledCallEndsInExactlyOneOutcomeWhateverTheClientDoes() throws Exception {
        FakeTarget target = new FakeTarget(n -> switch (n % 5) {
            case 0, 1 -> FakeTarget.answer();
            case 2 -> throw new IllegalStateException("No provider available");                 // thrown at once
            case 3 -> CompletableFuture.failedFuture(new FakeTarget.Refused("refused, \"port\" closed"));
            default -> new CompletableFuture<>();                                               // never answers
        });
        Recording recording = new Recording();
        ProbeSummary summary;
        try (SeriesFile series = new SeriesFile(dir); JtlFile jtl = new JtlFile(dir, target.label())) {
            summary = new Probe(target, new ProbeSettings(250, Duration.ofSeconds(2), Duration.ofMillis(100)), "fake",
                    List.of(series, jtl, new SummaryFile(dir), recording)).run();
        }

        CallCounts totals = summary.totals();
        assertThat(totals.scheduled()).isEqualTo(500);
        assertThat(totals.success()).isEqualTo(200);
        assertThat(totals.noProvider()).isEqualTo(100);
        assertThat(totals.network()).isEqualTo(100);
        assertThat(totals.timeout()).as("ended by the probe's watchdog").isEqualTo(100);
        assertThat(totals.other()).isZero();
        assertThat(summary.balanced()).isTrue();
        assertThat(recording.scheduled).isEqualTo(500);
        assertThat(recording.calls).hasSize(500);

        for (ProbeSecond second : recording.seconds) {
            assertThat(second.totals().scheduled()).isEqualTo(second.totals().ended() + second.totals().inFlight());
        }
        assertThat(recording.seconds.stream().mapToLong(s -> s.calls().scheduled()).sum()).isEqualTo(500);
        assertThat(recording.seconds.stream().mapToLong(s -> s.calls().ended()).sum()).isEqualTo(500);
        assertThat(Files.readAllLines(dir.resolve(SeriesFile.NAME))).hasSize(recording.seconds.size())
                .allSatisfy(line -> assertThat(line).startsWith("{\"second\":").contains("\"totals\":{\"scheduled\":"));
        assertThat(Files.readString(dir.resolve(SummaryFile.NAME))).contains("\"balanced\": true", "\"scheduled\": 500");

        List<CSVRecord> rows = readJtl();
        assertThat(rows).hasSize(500);
        assertThat(rows).filteredOn(r -> r.get("success").equals("true")).hasSize(200);
        assertThat(rows).filteredOn(r -> r.get("responseCode").equals("network"))
                .allSatisfy(r -> assertThat(r.get("responseMessage")).isEqualTo("FakeTarget$Refused: refused, \"port\" closed"));
    }

    @Test
    void callsAreDueByTheClockAndAStalledClientShowsInLatencyNotInTheRate() {
        // calls 50..53 each block the start of a call for 400 ms: the calls due meanwhile cannot start on time
        FakeTarget target = new FakeTarget(n -> {
            if (n >= 50 && n < 54) {
                sleep(400);
            }
            return FakeTarget.answer();
        });
        Recording recording = new Recording();
        ProbeSummary summary = new Probe(target, new ProbeSettings(100, Duration.ofSeconds(2), Duration.ofSeconds(1)),
                "fake", List.of(recording)).run();

        assertThat(summary.totals().scheduled()).as("the rate holds through the stall").isEqualTo(200);
        assertThat(summary.achievedRate()).isCloseTo(100, org.assertj.core.data.Offset.offset(1.0));
        long stalled = recording.calls.stream().filter(c -> c.latencyMicros() >= 200_000).count();
        assertThat(stalled).as("calls due during the stall carry it in their latency").isGreaterThanOrEqualTo(20);
        assertThat(summary.latencyMs().max()).isGreaterThanOrEqualTo(400);
        assertThat(summary.lagMs().max()).as("they started late, and the probe says so").isGreaterThanOrEqualTo(200);
    }

    @Test
    void theWarmUpCallsAtTheRateAndRecordsNothing() {
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        Recording recording = new Recording();
        Probe probe = new Probe(new FakeTarget(n -> {
            calls.incrementAndGet();
            return n % 10 == 0 ? CompletableFuture.failedFuture(new FakeTarget.Refused("no")) : FakeTarget.answer();
        }), new ProbeSettings(100, Duration.ofSeconds(1), Duration.ofMillis(200)), "fake", List.of(recording));

        Probe.WarmUp warmUp = probe.warmUp(Duration.ofSeconds(1));
        assertThat(warmUp.answered() + warmUp.failed()).isEqualTo(100);
        assertThat(warmUp.failed()).isEqualTo(10);
        assertThat(recording.calls).isEmpty();

        ProbeSummary summary = probe.run();
        assertThat(summary.totals().scheduled()).isEqualTo(100);
        assertThat(recording.calls).hasSize(100);
        assertThat(calls.get()).isEqualTo(200);
    }

    @Test
    void aStopEndsSchedulingEarlyAndTheBooksStillBalance() throws Exception {
        Probe probe = new Probe(new FakeTarget(n -> FakeTarget.answer()),
                new ProbeSettings(100, Duration.ofMinutes(5), Duration.ofSeconds(1)), "fake", List.of());
        Thread stopper = new Thread(() -> {
            sleep(1200);
            probe.stop();
        });
        stopper.start();
        long start = System.nanoTime();
        ProbeSummary summary = probe.run();
        stopper.join();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(summary.totals().scheduled()).isBetween(100L, 140L);
        assertThat(summary.balanced()).isTrue();
        assertThat(summary.callingSeconds()).isBetween(1.1, 1.5);
    }

    private List<CSVRecord> readJtl() throws Exception {
        try (Reader in = Files.newBufferedReader(dir.resolve(JtlFile.NAME))) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
