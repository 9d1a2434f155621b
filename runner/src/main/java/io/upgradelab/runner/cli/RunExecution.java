package io.upgradelab.runner.cli;

import io.upgradelab.runner.calibrate.CalibrationFile;
import io.upgradelab.runner.calibrate.CalibrationKey;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import io.upgradelab.runner.preflight.Frontier;
import io.upgradelab.reports.files.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.engine.Engine;
import io.upgradelab.runner.engine.RunOutcome;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.process.ExitHooks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One experiment run in the foreground, as {@code run} and {@code calibrate} both do it: the live
 * display, Ctrl-C (or SIGTERM) stopping the engine cleanly, then the gate's verdict where one was asked
 * for, and the summaries written beside the journal at the end, whatever the outcome, opening with that
 * verdict.
 */
final class RunExecution {

    private RunExecution() {
    }

    /** How a run ended, and its gate: judged before the summaries were written, so they open with it. */
    record Executed(RunOutcome outcome, GateResult gate) {
    }

    /** Runs {@code valid} into {@code runDirectory} not gated, telling {@code err} as it goes; returns how it ended. */
    static RunOutcome execute(ValidatedExperiment checked, Path runDirectory, PrintWriter err) {
        return execute(checked, runDirectory, err, null, false).outcome();
    }

    /**
     * Runs {@code valid} into {@code runDirectory}, telling {@code err} as it goes; then judges it with
     * {@code gate} (null: not gated; not applied to an interrupted run) and writes the summaries, which
     * open with the verdict.
     */
    /**
     * The frontiers the calibration saved for this experiment's shape on this machine measured (what its
     * preflight phases judge capacity against), or why there are none.
     */
    private static Read<List<Frontier>> savedFrontiers(ValidatedExperiment valid) {
        CalibrationKey key = CalibrationKey.of(valid.experiment());
        try {
            return CalibrationFile.find(CalibrationFile.defaultDirectory(), key).map(c -> Read.of(c.frontiers()))
                    .orElseGet(() -> Read.unavailable("no calibration saved in " + CalibrationFile.defaultDirectory()
                            + " for this experiment's shape on this machine (" + key.describe()
                            + "): 'upgrade-lab calibrate' measures one"));
        } catch (LabException e) {
            return Read.unavailable(e.getMessage());
        }
    }

    static Executed execute(ValidatedExperiment checked, Path runDirectory, PrintWriter err, Function<Path, Gate> gate,
                            boolean quiet) {
        ValidatedExperiment valid = withDiskWarning(checked, runDirectory, err);
        boolean terminal = !quiet && RunDisplay.onTerminal();
        try (TerminalWidth width = terminal ? TerminalWidth.ofSystem() : TerminalWidth.none();
             RunDisplay display = new RunDisplay(err, terminal, quiet, width)) {
            display.accept("run " + valid.experiment().name() + " (scale " + valid.experiment().scale() + ", "
                    + valid.experiment().phases().size() + " phases, expected "
                    + ExperimentArguments.approximately(valid.timeline().total()) + ") in " + runDirectory);
            Engine engine = new Engine(valid, runDirectory, display, savedFrontiers(valid));
            display.follow(engine::status);
            CountDownLatch finished = new CountDownLatch(1);
            RunOutcome outcome;
            try (ExitHooks.Registration onSignal = ExitHooks.beforeReaping(() -> {
                display.accept("stopping (signal): load down, processes stopped, journal closed...");
                engine.stop();
                awaitQuietly(finished);
            })) {
                try {
                    outcome = engine.run();
                } finally {
                    finished.countDown();
                }
            }
            display.accept("run " + outcome.journalName() + "; journal: " + engine.journalFile());
            return new Executed(outcome, judgeThenSummarise(runDirectory, outcome, gate, display));
        }
    }

    /** {@code valid}, with a note (journalled in runStarted) and a warning line when the disk may be too small. */
    private static ValidatedExperiment withDiskWarning(ValidatedExperiment valid, Path runDirectory, PrintWriter err) {
        return DiskRoom.warning(runDirectory, valid.experiment().target()).map(warning -> {
            err.println("upgrade-lab: warning: " + warning);
            err.flush();
            List<String> notes = new ArrayList<>(valid.notes());
            notes.add("disk: " + warning);
            return new ValidatedExperiment(valid.file(), valid.experiment(), valid.timeline(), notes);
        }).orElse(valid);
    }

    /**
     * After the run: the gate's verdict first, then the summaries beside the journal, so they open with
     * it; returns the verdict.
     */
    static GateResult judgeThenSummarise(Path runDirectory, RunOutcome outcome, Function<Path, Gate> gate,
                                         Consumer<String> display) {
        GateResult judged = judge(runDirectory, outcome, gate);
        summarise(runDirectory, display, judged);
        return judged;
    }

    /** The gate's verdict on the run; not judged when interrupted, or when the journal cannot be (said why). */
    private static GateResult judge(Path runDirectory, RunOutcome outcome, Function<Path, Gate> gate) {
        if (gate == null) {
            return GateResult.notGated();
        }
        if (outcome == RunOutcome.INTERRUPTED) {
            return GateResult.notJudged("the run was interrupted");
        }
        try {
            return GateResult.of(gate.apply(runDirectory));
        } catch (LabException e) {
            return GateResult.notJudged(e.getMessage());
        }
    }

    /** The run's summaries beside its journal; a failure to write them is said, and changes no exit code. */
    private static void summarise(Path runDirectory, Consumer<String> display, GateResult gate) {
        try {
            SummaryFiles.Written written = SummaryFiles.write(runDirectory, runDirectory, gate);
            display.accept("summaries: " + written.json() + ", " + written.markdown() + ", " + written.html()
                    + " (upgrade-lab report " + runDirectory + " writes them again)");
        } catch (RuntimeException e) {
            display.accept("could not summarise the run: " + e.getMessage());
        }
    }

    private static void awaitQuietly(CountDownLatch finished) {
        try {
            finished.await(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
