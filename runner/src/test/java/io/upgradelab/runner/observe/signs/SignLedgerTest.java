package io.upgradelab.runner.observe.signs;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.FailureSignWarning;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What of a sign is journalled: once per node and stretch, its repeats counted, a state only past its bound. */
class SignLedgerTest {

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private static final LogSign REDIRECT = Signs.IN_LOGS.get(0);
    private static final StateSign READY = Signs.IN_STATE.get(0);
    private static final String LINE = "2026-11-24 10:00:00,000 ERROR receive invalid redirect request from peer 127.0.0.1";

    private final SignLedger ledger = new SignLedger(Duration.ofMinutes(1));

    @Test
    void aLogSignsFirstLineIsJournalledAtOnceAndItsRepeatsOnceAMinuteWithTheirCount() {
        List<FailureSignWarning> first = ledger.logLine(REDIRECT, 2, LINE, T0);
        assertThat(first).singleElement().satisfies(w -> {
            assertThat(w.kind()).isEqualTo("failureSign");
            assertThat(w.sign()).isEqualTo("invalidRedirect");
            assertThat(w.issue()).isEqualTo("alibaba/nacos #12070");
            assertThat(w.node()).isEqualTo(2);
            assertThat(w.line()).isEqualTo(LINE);
            assertThat(w.repeats()).isZero();
            assertThat(w.message()).isEqualTo("failure sign invalidRedirect (alibaba/nacos #12070) on node 2: " + LINE);
        });
        for (int i = 1; i <= 50; i++) {
            assertThat(ledger.logLine(REDIRECT, 2, LINE + " #" + i, T0.plusSeconds(i))).isEmpty();
        }
        assertThat(ledger.logLine(REDIRECT, 3, LINE, T0.plusSeconds(5))).as("another node: its own first").hasSize(1);
        assertThat(ledger.due(T0.plusSeconds(59))).isEmpty();

        assertThat(ledger.due(T0.plusSeconds(60))).singleElement().satisfies(w -> {
            assertThat(w.node()).isEqualTo(2);
            assertThat(w.line()).isEqualTo(LINE + " #50");
            assertThat(w.repeats()).isEqualTo(49);
            assertThat(w.message()).endsWith(" #50 (and 49 more since the last)");
        });
        assertThat(ledger.due(T0.plusSeconds(200))).as("nothing new since").isEmpty();
        ledger.logLine(REDIRECT, 2, LINE, T0.plusSeconds(201));
        assertThat(ledger.all(T0.plusSeconds(202))).as("a phase ends: what is counted is said in it").singleElement()
                .satisfies(w -> assertThat(w.repeats()).isZero());
    }

    @Test
    void aLogLineIsClippedAndItsControlCharactersEscaped() {
        String hostile = "ERROR receive invalid redirect request from peer \u001b[2J" + "x".repeat(400);
        FailureSignWarning w = ledger.logLine(REDIRECT, 1, hostile, T0).get(0);
        assertThat(w.line()).startsWith("ERROR receive invalid redirect request from peer \\u001b[2J")
                .endsWith("... (" + hostile.length() + " characters)").doesNotContain("\u001b");
    }

    @Test
    void aStateSignIsJournalledOnceItHeldForItsBoundAndAgainOnlyAfterItStopped() {
        Map<Integer, String> disagreeing = Map.of(1, "readyToUpgrade false on node 1, true on node 3");
        assertThat(ledger.state(READY, disagreeing, T0)).isEmpty();
        assertThat(ledger.state(READY, disagreeing, T0.plusSeconds(119))).as("within its 2 minutes").isEmpty();
        assertThat(ledger.state(READY, disagreeing, T0.plusSeconds(120))).singleElement().satisfies(w -> {
            assertThat(w.sign()).isEqualTo("readyToUpgradeDisagrees");
            assertThat(w.node()).isEqualTo(1);
            assertThat(w.line()).isEqualTo("readyToUpgrade false on node 1, true on node 3, for 120 s");
        });
        assertThat(ledger.state(READY, disagreeing, T0.plusSeconds(300))).as("still the same stretch").isEmpty();

        assertThat(ledger.state(READY, Map.of(), T0.plusSeconds(305))).isEmpty();
        assertThat(ledger.state(READY, disagreeing, T0.plusSeconds(310))).as("a new stretch starts its bound again")
                .isEmpty();
        assertThat(ledger.state(READY, disagreeing, T0.plusSeconds(430))).hasSize(1);
    }

    @Test
    void aStateSignWithoutABoundIsJournalledAtOnceWithoutADuration() {
        StateSign lost = Signs.IN_STATE.stream().filter(s -> s.sign().equals("upgradedLost")).findFirst().orElseThrow();
        assertThat(ledger.state(lost, Map.of(2, "node 2 reports upgraded=false"), T0)).singleElement()
                .satisfies(w -> assertThat(w.line()).isEqualTo("node 2 reports upgraded=false"));
    }
}
