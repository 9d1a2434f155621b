package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ResponseTimes;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.journal.RunStarted.PlannedPhase;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.gate.JournalAudit.Finding;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Each rule of the audit ({@link JournalAudit}) on a small journal made in memory from the journal's own
 * records, as the runner writes them: a run of three planned phases that holds together, then one
 * forgery at a time, each found on its line and field.
 */
class JournalAuditTest {

    private static final ObjectMapper JSON = JournalJson.builder().build();
    private static final Instant START = Instant.parse("2026-11-27T12:00:00Z");
    private static final List<PlannedPhase> PLAN = List.of(new PlannedPhase(1, "hold", "hold 10s", 10, 0, 10, List.of()),
            new PlannedPhase(2, PhaseStarted.ROLLING_SERVER_UPGRADE, "upgrade", 60, 10, 10, List.of()),
            new PlannedPhase(3, "hold", "hold 10s", 10, 70, 10, List.of()));

    @Test
    void aRunThatHoldsTogetherHasNoFinding() {
        JournalFile journal = run(List.of(1, 2, 3), "completed", 0).file();
        assertThat(JournalAudit.of(journal)).isEmpty();
        assertThat(JournalAudit.verdict(journal, "")).isEmpty();
    }

    @Test
    void aPlannedPhaseMissingIsFoundWhereTheNextStartsAndInARunThatSaysItCompleted() {
        // lines: 1 runStarted, 2-3 phase 1, 4-5 phase 3, 6 runEnded
        assertThat(JournalAudit.of(run(List.of(1, 3), "completed", 0).file())).containsExactly(new Finding(4,
                "phaseStarted.index", "phase 3 starts, but planned phase 2 never started: a planned phase is missing"));
        assertThat(JournalAudit.of(run(List.of(1, 2), "completed", 0).file())).containsExactly(new Finding(6,
                "runEnded.outcome", "completed, but planned phase 3 never started: a planned phase is missing"));
        assertThat(JournalAudit.of(run(List.of(1, 2), "failed", 1).file())).as("a failed run stops before the rest")
                .isEmpty();
    }

    @Test
    void aPhaseOutsideThePlanOrOfAnotherKindOrStartedTwiceOrOutOfOrderIsFound() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.set(3, line(journal.lines.get(3), l -> l.put("kind", "hold")));   // phase 2's start
        journal.lines.set(4, line(journal.lines.get(4), l -> l.put("kind", "hold")));   // and its end
        assertThat(JournalAudit.of(journal.file())).containsExactly(new Finding(4, "phaseStarted.kind",
                "'hold', but the plan's phase 2 is 'rollingServerUpgrade'"));

        Journal twice = run(List.of(1, 2, 3), "completed", 0);
        twice.lines.add(6, twice.lines.get(1));
        assertThat(JournalAudit.of(twice.file())).extracting(Finding::what).contains("phase 1 starts a second time (first on line 2)");

        Journal unplanned = run(List.of(1, 2, 3), "completed", 0);
        unplanned.lines.set(5, line(unplanned.lines.get(5), l -> l.put("index", 4)));
        assertThat(JournalAudit.of(unplanned.file())).extracting(Finding::what).contains(
                "phase 4 is not in the plan (runStarted, line 1, plans phases 1-3)");
    }

    @Test
    void aPhaseThatNeverEndsOrEndsWithoutStartingIsFound() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.remove(2);   // phase 1's end
        assertThat(JournalAudit.of(journal.file())).containsExactly(new Finding(2, "phaseStarted.index",
                "phase 1 never ends (no phaseEnded line), though a later phase starts"));
    }

    @Test
    void aRunEndedWhoseOutcomeDisagreesWithItsExitCodeIsFound() {
        assertThat(JournalAudit.of(run(List.of(1, 2, 3), "completed", 1).file())).containsExactly(new Finding(8,
                "runEnded.exitCode", "1, but a run that ended completed exits 0"));
        assertThat(JournalAudit.of(run(List.of(1), "interrupted", 0).file())).containsExactly(new Finding(4,
                "runEnded.exitCode", "0, but a run that ended interrupted exits 130"));
        assertThat(JournalAudit.of(run(List.of(1, 2, 3), "passed", 0).file())).extracting(Finding::what)
                .containsExactly("'passed' is no outcome a run ends with (completed, failed, aborted, interrupted)");
        assertThat(JournalAudit.of(run(List.of(1, 2, 3), "failed", 1).file())).as("failed after its last phase")
                .isEmpty();
    }

    @Test
    void aRunThatSaysItCompletedWithAPhaseFailedIsFound() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.set(4, line(journal.lines.get(4), l -> l.put("outcome", "failed")));
        assertThat(JournalAudit.of(journal.file())).containsExactly(new Finding(8, "runEnded.outcome",
                "completed, but phase 2 ended failed (line 5)"));
    }

    @Test
    void negativeNotANumberAndInfiniteFiguresAreFoundWhereverTheyStand() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.set(0, line(journal.lines.get(0), l -> l.put("scale", "NaN")));   // Jackson reads it as NaN
        journal.lines.set(2, line(journal.lines.get(2), l -> l.put("seconds", -4.5)));
        journal.lines.set(6, line(journal.lines.get(6), l -> l.put("seconds", Double.POSITIVE_INFINITY)));
        journal.lines.set(7, line(journal.lines.get(7), l -> l.put("seconds", "-1")));

        assertThat(JournalAudit.of(journal.file())).containsExactly(
                new Finding(1, "runStarted.scale", "'NaN' reads as a number that is not finite"),
                new Finding(3, "phaseEnded.seconds", "-4.5 is negative: the journal holds it as 0 or more"),
                new Finding(7, "phaseEnded.seconds", "not a finite number"),
                new Finding(8, "runEnded.seconds", "'-1' reads as a negative number"));
        assertThat(JournalAudit.of(run(List.of(1, 2, 3), "completed", 0).file())).as("phase -1 is tear-down").isEmpty();
    }

    @Test
    void aPhaseWhoseSecondsDisagreeWithItsLinesIsFound() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.set(4, line(journal.lines.get(4), l -> l.put("seconds", 900)));
        assertThat(JournalAudit.of(journal.file())).containsExactly(new Finding(5, "phaseEnded.seconds",
                "900 s, but its phaseStarted (line 4) and phaseEnded lines are 1.000 s apart"));
    }

    @Test
    void aBenchmarkWhoseTpsDisagreesWithItsCountsIsFound() {
        Journal journal = run(List.of(1, 2, 3), "completed", 0);
        journal.lines.add(2, journal.line(1, benchmark(4000, 10, 400)));
        journal.lines.add(3, journal.line(1, benchmark(4000, 10, 4000)));
        journal.lines.add(4, journal.line(1, benchmark(4000, 10, 400.04)));   // rounded as the runner does: fine

        assertThat(JournalAudit.of(journal.file())).containsExactly(new Finding(4, "benchmark.tps",
                "4000, but 4000 succeeded in 10 s is 400.0 per second"));
    }

    @Test
    void theVerdictIsInconclusiveAndNamesEachLine() {
        Journal journal = run(List.of(1, 3), "completed", 1);
        Verdict verdict = JournalAudit.verdict(journal.file(), "").orElseThrow();

        assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(verdict.criterion()).isEqualTo(JournalAudit.CRITERION);
        assertThat(verdict.measured()).isEqualTo("journal.jsonl:4: phaseStarted.index: phase 3 starts, but planned"
                + " phase 2 never started: a planned phase is missing; journal.jsonl:6: runEnded.exitCode: 1, but a run"
                + " that ended completed exits 0 (the journal was edited or its writer is broken: its figures are not"
                + " evidence)");
    }

    /** A run of {@code phases} (of {@link #PLAN}), each a phaseStarted and a phaseEnded line, ended so. */
    private static Journal run(List<Integer> phases, String outcome, int exitCode) {
        Journal journal = new Journal();
        journal.add(0, new RunStarted(1, "e", "", 1, List.of(), null, null, null, 5, List.of(), PLAN, 10, 80, "runs/e"));
        for (int index : phases) {
            PlannedPhase planned = PLAN.get(index - 1);
            journal.add(index, new PhaseStarted(index, planned.kind(), planned.title(), planned.expectedSeconds()));
            journal.add(index, new PhaseEnded(index, planned.kind(), planned.title(), "done", 1.0,
                    planned.expectedSeconds(), List.of(), CallCounts.NONE, 1, 10, null));
        }
        journal.add(-1, new RunEnded(outcome, exitCode, journal.lines.size(), null, null));
        return journal;
    }

    private static NamingBenchmark benchmark(long succeeded, double seconds, double tps) {
        return new NamingBenchmark("register", "sdk", "2.0.4", "grpc", 4, 8, 10, 400, List.of("2.0.4"), succeeded,
                succeeded, Map.of(), seconds, "done", tps, ResponseTimes.NONE, "", List.of(), List.of(), -1, "");
    }

    private static JsonNode line(JsonNode line, Consumer<ObjectNode> edit) {
        ObjectNode copy = (ObjectNode) line.deepCopy();
        edit.accept(copy);
        return copy;
    }

    /** A journal as the runner writes one, in memory: each line a record, one second after the one before. */
    private static final class Journal {
        final List<JsonNode> lines = new ArrayList<>();

        void add(int phase, Object body) {
            lines.add(line(phase, body));
        }

        /** {@code body} as a line of {@code phase}, timed after the lines so far. */
        JsonNode line(int phase, Object body) {
            ObjectNode line = JSON.createObjectNode().put("type", JournalJson.typeOf(body.getClass()));
            if (!JournalJson.observerOf(body.getClass()).isEmpty()) {
                line.put("observer", JournalJson.observerOf(body.getClass()));
            }
            line.put("time", START.plusSeconds(lines.size()).toString()).put("elapsed", (double) lines.size())
                    .put("phase", phase);
            line.setAll((ObjectNode) JSON.valueToTree(body));
            return line;
        }

        /** The journal as a report reads it, its lines numbered from 1 as they now stand. */
        JournalFile file() {
            return new JournalFile(Path.of("journal.jsonl"), List.copyOf(lines),
                    IntStream.rangeClosed(1, lines.size()).boxed().toList(), 0);
        }
    }
}
