package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.registry.InstanceOp;
import io.upgradelab.journal.registry.Push;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.journal.registry.RegistryLogStarted;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.check.RegistryEvidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry's promises as gate criteria: read from the run's registry log, judged with each criterion's bound. */
class PromiseCriteriaTest {

    private static final String POLICY = """
            criteria:
              - kind: ackedVisible
              - kind: deadGoneWithin
                seconds: 20
              - kind: noEmptyPush
            """;
    private static final String A = "providers:org.upgradelab.demo.LoadService000::";

    @TempDir
    Path dir;
    Path run;

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
    }

    @Test
    void aRunWithoutARegistryLogIsInconclusiveOnEveryPromise() throws Exception {
        Gate gate = Gate.judge(run, PolicyFile.read(Files.writeString(dir.resolve("p.yaml"), POLICY)), null,
                dir.resolve("junit.xml"));

        assertThat(gate.verdicts().subList(1, 4)).allSatisfy(v -> {
            assertThat(v.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
            assertThat(v.measured()).contains("no registry log (fleet/registry.jsonl)");
        });
    }

    @Test
    void eachCriterionJudgesItsOwnPromiseWithItsBound() throws Exception {
        Instant t = Instant.parse("2026-11-29T20:00:00Z");
        Path file = RegistryEvidence.logOf(run);
        Files.createDirectories(file.getParent());
        try (RegistryLog.Writer log = RegistryLog.Writer.create(file,
                new RegistryLogStarted(RegistryLog.FORMAT, List.of("127.0.0.1:8848"), List.of(A)))) {
            log.append(new InstanceOp(InstanceOp.Op.registered, A, "127.0.0.1:30000", 0, "1.4.1", t), t.plusSeconds(1));
            log.append(new InstanceOp(InstanceOp.Op.registered, A, "127.0.0.1:30001", 1, "1.4.1", t), t.plusSeconds(1));
            log.append(push("127.0.0.1:30000", "127.0.0.1:30001"), t.plusSeconds(2));
            log.append(new InstanceOp(InstanceOp.Op.crashed, A, "127.0.0.1:30001", 1, "1.4.1", t.plusSeconds(10)),
                    t.plusSeconds(10));
            log.append(push("127.0.0.1:30000"), t.plusSeconds(25));   // 15 s after the crash: within 20 s
            log.append(push("127.0.0.1:30000"), t.plusSeconds(60));
        }

        Gate gate = Gate.judge(run, PolicyFile.read(Files.writeString(dir.resolve("p.yaml"), POLICY)), null,
                dir.resolve("junit.xml"));

        assertThat(gate.verdicts().subList(1, 4)).extracting(Verdict::status).containsOnly(Verdict.Status.PASS);
        assertThat(gate.verdicts().get(1).measured()).isEqualTo("0 violations (at most 0; exact; n 3 acknowledged operations): over 3 acknowledged"
                + " operations on 2 instances; 3 pushes to subscriber 2.5.1 of 1 service; 0 node diffs");

        Gate stricter = Gate.judge(run, PolicyFile.read(Files.writeString(dir.resolve("p.yaml"),
                POLICY.replace("seconds: 20", "seconds: 10"))), null, dir.resolve("junit.xml"));

        Verdict dead = stricter.verdicts().get(2);
        assertThat(dead.status()).isEqualTo(Verdict.Status.FAIL);
        assertThat(dead.criterion()).isEqualTo("every dead instance gone from the subscribers within 10.0 s");
        assertThat(dead.measured()).startsWith("1 violations (at most 0; exact; n 3 acknowledged operations): over ").contains("the first: deadGoneWithin: "
                + A + " 127.0.0.1:30001 (client 1, 1.4.1) still served by subscriber 2.5.1 for 15.0 s");
    }

    private static Push push(String... instances) {
        return new Push("subscriber 2.5.1", "2.5.1", A, List.of(instances), 0);
    }
}
