package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.gate.Verdict.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The criterion-level rules of issue 38, each on the recorded CI-size run (its load made valid, as runs
 * record it now) edited to show it: what a careless edit, a forgery or a broken writer would leave must
 * never pass. The journal-level rules are {@link JournalAuditTest}'s.
 */
class ForgedEvidenceTest {

    private static final List<String> WATCHED = List.of("invalidRedirect", "downgradeTo1x", "raftStateMachine");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aFailureSignJournalledInTearDownCountsInTheLastPhase() throws Exception {
        Path run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("run"), WATCHED, null));
        insertBefore(run, l -> "runEnded".equals(l.path("type").asText()), JSON.createObjectNode().put("type", "warning")
                .put("phase", -1).put("kind", "failureSign").put("sign", "raftStateMachine").put("issue", "alibaba/nacos #7757")
                .put("node", 3).put("line", "stateMachine meet critical error").put("repeats", 0)
                .put("message", "failure sign raftStateMachine (alibaba/nacos #7757) on node 3"));

        Verdict last = new FailureSigns(0, null, List.of("14")).judge(summary(run));

        assertThat(last.status()).isEqualTo(Status.FAIL);
        assertThat(last.measured()).isEqualTo("1 failure signs (at most 0; exact; n 1 phases watched): raftStateMachine on node 3 in phase 14");
    }

    @Test
    void signsWatchedOnlyOutsideThePhasesJudgedLeaveTheCriterionInconclusive() throws Exception {
        Path late = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("late"), WATCHED, null));
        moveSignsWatched(late, 10);
        Verdict fromTen = new FailureSigns(0, null, List.of("4", "14")).judge(summary(late));
        assertThat(fromTen.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(fromTen.measured()).isEqualTo("not judged: phase 4: failure signs not watched in it (the run watched"
                + " them from phase 10 on); judged: 0 failure signs (at most 0; exact; n 1 phases watched)");

        Path tearDown = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRunWithSigns(dir.resolve("tear-down"), WATCHED, null));
        moveSignsWatched(tearDown, -1);
        Verdict none = new FailureSigns(0, null, null).judge(summary(tearDown));
        assertThat(none.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(none.measured()).isEqualTo("not judged: phases 1-14: failure signs not watched in it (the run watched"
                + " them only in tear-down, after every phase)");
    }

    @Test
    void noFleetSampleAtTheEndIsNotZeroLostEvenOfAnEmptyCluster() throws Exception {
        Path run = RecordedRuns.edited(RecordedRuns.ciSizeRun(dir.resolve("run")),
                l -> !("fleet".equals(l.path("observer").asText()) && l.path("phase").asInt() == 14),
                l -> {
                    if ("nodeCounts".equals(l.path("observer").asText()) && l.path("phase").asInt() == 14) {
                        l.path("nodes").forEach(n -> ((ObjectNode) n).put("instances", 0));
                    }
                });

        Verdict verdict = new InstanceLossAtEnd(0).judge(summary(run));

        assertThat(verdict.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("no fleet sample in the last phase: what was registered is not known,"
                + " so no loss can be counted (nodes list [0, 0, 0])");
    }

    @Test
    void aNodeThatDidNotAnswerInAJudgedPhaseLeavesFlappingAndTheEndInconclusive() throws Exception {
        int[] seen = {0, 0};
        Path run = RecordedRuns.edited(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))), l -> true,
                l -> {
                    boolean counts = "nodeCounts".equals(l.path("observer").asText());
                    // node 2 silent in the last 2 of phase 13's 14 samples, and in phase 14's last (its 3rd)
                    if (counts && l.path("phase").asInt() == 13 && seen[0]++ >= 12
                            || counts && l.path("phase").asInt() == 14 && seen[1]++ == 2) {
                        ((ObjectNode) l.path("nodes").get(1)).put("reachable", false).put("instances", 0);
                    }
                });
        RunSummary summary = summary(run);

        Verdict flapping = new Flapping(1000, List.of("13")).judge(summary);
        assertThat(flapping.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(flapping.measured()).startsWith("node 2 did not answer 2 of 14 instance-count samples in phase 13: a"
                + " fall while a node did not answer would not show; counted: ");
        Verdict end = new InstanceLossAtEnd(0).judge(summary);
        assertThat(end.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(end.measured()).isEqualTo("node(s) 2 did not answer the last sample: what they list is not known;"
                + " judged: 0 lost (at most 0; exact; n 282 registered instances): 282 registered, nodes list [282, -1,"
                + " 282] (-1: did not answer)");
        assertThat(new Flapping(1000, List.of("9")).judge(summary).measured())
                .as("a rolling server upgrade's restarts are by design").doesNotContain("did not answer");
    }

    @Test
    void aPhaseEndedTallyWithoutItsSamplesIsNoEvidence() throws Exception {
        Path run = RecordedRuns.edited(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))),
                l -> !("nodeCounts".equals(l.path("observer").asText()) && l.path("phase").asInt() == 14), l -> { });

        Verdict verdict = new Flapping(0, List.of("14")).judge(summary(run));

        assertThat(verdict.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(verdict.measured()).isEqualTo("not judged: phase 14: node 1 answered 0 instance-count sample(s)"
                + " (under 3)");
    }

    @Test
    void aCpuFigureThatIsNotANumberFailsRatherThanDroppingOutAndTheAuditNamesItsLine() throws Exception {
        boolean[] done = {false};
        Path run = RecordedRuns.edited(RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run"))), l -> true,
                l -> {
                    if (!done[0] && "nodeResources".equals(l.path("observer").asText()) && l.path("phase").asInt() == 14) {
                        ((ObjectNode) l.path("nodes").get(0)).put("cpuPercent", "NaN");
                        done[0] = true;
                    }
                });
        Policy policy = new Policy("p", List.of(new CpuP95(90, List.of("14"))));

        Gate gate = Gate.judge(run, policy, null, dir.resolve("junit.xml"));

        assertThat(gate.status()).isEqualTo(Status.FAIL);
        assertThat(gate.verdicts()).extracting(Verdict::status).containsExactly(Status.PASS, Status.INCONCLUSIVE,
                Status.FAIL);
        assertThat(gate.verdicts().get(2).measured()).isEqualTo("NaN % (at most 90.0 %; 95 % CI 14.5 to unbounded (order"
                + " statistics); n 2 CPU samples of node 1 in phase 14, the highest p95): not a number, which never passes");
        assertThat(gate.verdicts().get(1).criterion()).isEqualTo(JournalAudit.CRITERION);
        assertThat(gate.verdicts().get(1).measured()).matches("journal\\.jsonl:\\d+: sample\\.nodes\\[0\\]\\.cpuPercent:"
                + " 'NaN' reads as a number that is not finite \\(the journal was edited .*");
    }

    @Test
    void aJournalMissingAPlannedPhaseNoLongerPassesAPolicyItWouldPass() throws Exception {
        Policy policy = new Policy("p", List.of(new UpgradeWithin(900), new InstanceLossAtEnd(0)));
        Path recorded = RecordedRuns.ciSizeRun(dir.resolve("recorded"));
        Path forged = RecordedRuns.edited(RecordedRuns.ciSizeRun(dir.resolve("forged")),
                l -> !(l.path("type").asText().startsWith("phase") && l.path("index").asInt() == 3), l -> { });

        assertThat(Gate.judge(recorded, policy, null, dir.resolve("a.xml")).status()).isEqualTo(Status.PASS);
        Gate gate = Gate.judge(forged, policy, null, dir.resolve("b.xml"));

        assertThat(gate.status()).isEqualTo(Status.INCONCLUSIVE);
        assertThat(gate.summary()).isEqualTo("3 of 4 criteria met, 1 inconclusive");
        assertThat(gate.verdicts().get(1).measured()).startsWith("journal.jsonl:68: phaseStarted.index: phase 4 starts,"
                + " but planned phase 3 never started: a planned phase is missing");
    }

    @Test
    void aPolicyNamingASignOrAnOperationTheLabDoesNotKnowIsRefusedWithItsLine() throws Exception {
        Path signs = Files.writeString(dir.resolve("signs.yaml"), """
                criteria:
                  - kind: failureSigns
                    atMost: 0
                    signs: [invalidRedirect, grpcPortClose]
                """);
        assertThatThrownBy(() -> PolicyFile.read(signs)).isInstanceOf(PolicyFile.InvalidPolicyException.class)
                .hasMessage(signs + ":4: criteria[0].signs[1]: unknown failure sign 'grpcPortClose'; did you mean"
                        + " 'grpcPortClosed'? (the lab knows: invalidRedirect, downgradeTo1x, raftStateMachine,"
                        + " namespacePreCheckFailed, schemaBehindServer, rocksDbCompaction, clientRefused, readyToUpgradeDisagrees,"
                        + " upgradedAlone, upgradedLost, doubleWriteBackOn, v1ServicesMissingInV2, oneXBesideTwoTwo,"
                        + " grpcPortClosed, notReady)");
        Path operations = Files.writeString(dir.resolve("operations.yaml"), """
                criteria:
                  - kind: benchmarkTps
                    atLeastRatio: 2.0
                    operations:
                      - register
                      - Deregister
                      - list
                """);
        assertThatThrownBy(() -> PolicyFile.read(operations)).hasMessage(operations + ":6: criteria[0].operations[1]:"
                + " unknown benchmark operation 'Deregister'; did you mean 'deregister'? (the lab knows: register, query,"
                + " heartbeat, deregister)\n" + operations + ":7: criteria[0].operations[2]: unknown benchmark operation"
                + " 'list' (the lab knows: register, query, heartbeat, deregister)");
    }

    /** The signsWatched line moved to just after phase {@code phase}'s start (-1: just before runEnded, in tear-down). */
    private static void moveSignsWatched(Path run, int phase) throws Exception {
        Path journal = run.resolve("journal.jsonl");
        List<ObjectNode> lines = new ArrayList<>();
        ObjectNode watched = null;
        for (String text : Files.readAllLines(journal)) {
            ObjectNode line = (ObjectNode) JSON.readTree(text);
            if ("signsWatched".equals(line.path("type").asText())) {
                watched = line;
            } else {
                lines.add(line);
            }
        }
        List<String> out = new ArrayList<>();
        for (ObjectNode line : lines) {
            boolean end = "runEnded".equals(line.path("type").asText());
            if (end && phase == -1) {
                out.add(JSON.writeValueAsString(at(line, watched)));
            }
            out.add(JSON.writeValueAsString(line));
            if ("phaseStarted".equals(line.path("type").asText()) && line.path("index").asInt() == phase) {
                out.add(JSON.writeValueAsString(at(line, watched)));
            }
        }
        Files.write(journal, out);
    }

    /** {@code line} inserted before the first line {@code where} holds, with that line's time and elapsed. */
    private static void insertBefore(Path run, Predicate<ObjectNode> where, ObjectNode line) throws Exception {
        Path journal = run.resolve("journal.jsonl");
        List<String> out = new ArrayList<>();
        boolean inserted = false;
        for (String text : Files.readAllLines(journal)) {
            ObjectNode node = (ObjectNode) JSON.readTree(text);
            if (!inserted && where.test(node)) {
                ObjectNode placed = line.deepCopy();
                placed.put("time", node.path("time").asText()).put("elapsed", node.path("elapsed").asDouble());
                out.add(JSON.writeValueAsString(placed));
                inserted = true;
            }
            out.add(text);
        }
        Files.write(journal, out);
    }

    /** {@code moved} with the time, elapsed and phase of {@code beside}. */
    private static ObjectNode at(ObjectNode beside, ObjectNode moved) {
        ObjectNode placed = moved.deepCopy();
        placed.put("time", beside.path("time").asText()).put("elapsed", beside.path("elapsed").asDouble())
                .put("phase", beside.path("phase").asInt());
        return placed;
    }

    private static RunSummary summary(Path run) {
        return RunSummaries.of(JournalFile.read(run));
    }
}
