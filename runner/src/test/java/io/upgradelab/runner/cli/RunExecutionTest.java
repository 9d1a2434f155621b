package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.engine.RunOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code run} does once the engine has ended, on the journal a CI-size run recorded: the gate
 * judges first, then the summaries are written, opening with its verdict; an interrupted run is not
 * judged, and a journal the gate refuses is still summarised, saying why.
 */
class RunExecutionTest {


    @TempDir
    Path dir;
    Path run;
    Path strict;
    private final List<String> said = new ArrayList<>();

    @BeforeEach
    void recordedRun() throws Exception {
        run = RecordedRuns.withValidLoad(RecordedRuns.ciSizeRun(dir.resolve("run")));
        strict = Files.writeString(dir.resolve("strict.yaml"), "criteria:\n  - kind: upgradeWithin\n    seconds: 120\n");
    }

    @Test
    void theGateJudgesBeforeTheSummariesAreWrittenSoTheyOpenWithItsVerdict() throws Exception {
        GateResult judged = RunExecution.judgeThenSummarise(run, RunOutcome.COMPLETED,
                d -> GateCommand.judge(d, GateCommand.read(strict), null, null), said::add);

        assertThat(judged.status()).isEqualTo(GateResult.Status.FAIL);
        assertThat(run.resolve("gate-junit.xml")).exists();
        assertThat(Files.readString(run.resolve("summary.md"))).contains("\n**FAIL**: 1 of 2 criteria met, 1 not met\n");
        assertThat(Files.readString(run.resolve("report.html"))).contains("class=\"verdict fail\"");
        assertThat(said).anyMatch(s -> s.startsWith("summaries: "));
    }

    @Test
    void anInterruptedRunIsSummarisedNotJudged() throws Exception {
        GateResult judged = RunExecution.judgeThenSummarise(run, RunOutcome.INTERRUPTED, d -> {
            throw new AssertionError("an interrupted run is not judged");
        }, said::add);

        assertThat(judged.status()).isEqualTo(GateResult.Status.NOT_GATED);
        assertThat(run.resolve("gate-junit.xml")).doesNotExist();
        assertThat(Files.readString(run.resolve("summary.md")))
                .contains("\n**NOT GATED**: not judged: the run was interrupted\n");
    }

    @Test
    void aJournalTheGateRefusesIsSummarisedSayingWhy() throws Exception {
        GateResult judged = RunExecution.judgeThenSummarise(run, RunOutcome.FAILED, d -> {
            throw LabException.invalidInput(d + ": the run did not end");
        }, said::add);

        assertThat(judged.notJudged()).endsWith("the run did not end");
        assertThat(Files.readString(run.resolve("summary.md"))).contains("**NOT GATED**: not judged: ");
        assertThat(RunExecution.judgeThenSummarise(run, RunOutcome.COMPLETED, null, said::add).status())
                .isEqualTo(GateResult.Status.NOT_GATED);
    }
}
