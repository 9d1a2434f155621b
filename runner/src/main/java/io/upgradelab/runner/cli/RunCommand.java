package io.upgradelab.runner.cli;

import io.upgradelab.reports.SummaryFiles;
import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.engine.Engine;
import io.upgradelab.runner.engine.RunOutcome;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.phase.Phase;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab run}: validates an experiment, then runs it unattended on real servers, clients
 * and Dubbo, journalling everything into a run directory. Ctrl-C stops it cleanly.
 */
@Command(name = "run", sortOptions = false,
        description = {"Run an experiment: start the cluster, the demo providers, the provider fleet and the probe;"
                + " run the phases in order while observers sample every node; tear everything down.",
                "Everything is recorded in RUN_DIR/journal.jsonl (one JSON line per event, flushed as written),"
                        + " next to the nodes', fleet's and probe's own logs.",
                "Ctrl-C stops cleanly: load down, processes stopped, journal closed, exit 130."},
        footer = {"", "Examples:",
                "  upgrade-lab run experiments/nacos-1x-to-2x-ci.yaml",
                "  upgrade-lab run experiments/nacos-1x-to-2x.yaml --scale 0.5 --out runs/half-scale",
                "", "Exit codes: 0 every phase ran, 1 a phase failed or an abort condition held,"
                + " 2 invalid experiment or flags, 130 interrupted."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ExperimentArguments arguments;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory (created; must not hold a journal yet). Default: runs/<experiment>-<date-time>.")
    Path out;

    @Option(names = "--gate", paramLabel = "POLICY",
            description = "After the run, judge it against this policy (as upgrade-lab gate does): JUnit XML in the"
                    + " run directory, and exit 1 if it fails. Checked before anything starts.")
    Path gate;

    @Option(names = "--baseline", paramLabel = "RUN_DIR",
            description = "With --gate: the run to compare with, for cpuAgainstBaseline criteria. Checked before"
                    + " anything starts.")
    Path baseline;

    @Override
    public Integer call() {
        ValidatedExperiment valid = arguments.load();
        Policy policy = gate == null ? null : GateCommand.read(gate);
        GateCommand.checkBaseline(policy, baseline);
        valid.notes().forEach(note -> spec.commandLine().getErr().println("upgrade-lab: note: " + note));
        Experiment experiment = valid.experiment();
        if (policy != null) {
            List<String> unknown = policy.phaseNamesMatchingNone(experiment.phases().stream().map(Phase::kind).toList());
            if (!unknown.isEmpty()) {
                throw LabException.invalidInput(gate + ": phases " + unknown + " name no phase of " + experiment.name()
                        + " (phases are named by number, 1 to " + experiment.phases().size() + ", or by kind)");
            }
        }
        Path runDirectory = out != null ? out.toAbsolutePath().normalize()
                : LabHome.defaultRunsDirectory().resolve(experiment.name() + "-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(runDirectory.resolve(Journal.FILE_NAME))) {
            throw LabException.invalidInput(runDirectory + " already holds a run (journal.jsonl): choose another --out");
        }
        copyExperiment(runDirectory);
        PrintWriter out = spec.commandLine().getOut();
        try (RunDisplay display = new RunDisplay(spec.commandLine().getErr(), RunDisplay.onTerminal())) {
            display.accept("run " + experiment.name() + " (scale " + experiment.scale() + ", " + valid.experiment()
                    .phases().size() + " phases, expected " + ExperimentArguments.approximately(valid.timeline().total())
                    + ") in " + runDirectory);
            Engine engine = new Engine(valid, runDirectory, display);
            display.follow(engine::status);
            CountDownLatch finished = new CountDownLatch(1);
            Thread onSignal = new Thread(() -> {
                display.accept("stopping (signal): load down, processes stopped, journal closed...");
                engine.stop();
                awaitQuietly(finished);
            }, "run-interrupt");
            Runtime.getRuntime().addShutdownHook(onSignal);
            RunOutcome outcome;
            try {
                outcome = engine.run();
            } finally {
                finished.countDown();
            }
            removeHook(onSignal);
            display.accept("run " + outcome.journalName() + "; journal: " + engine.journalFile());
            summarise(runDirectory, display);
            out.println(outcome.journalName() + " " + engine.journalFile());
            out.flush();
            if (policy == null || outcome == RunOutcome.INTERRUPTED) {
                return outcome.exitCode();
            }
            Gate judged = GateCommand.judge(runDirectory, policy, baseline, null);
            GateCommand.print(judged, out);
            return outcome.exitCode() != 0 ? outcome.exitCode() : judged.passed() ? 0 : LabException.FAILED;
        }
    }

    /** The run's summaries beside its journal; a failure to write them is said, and changes no exit code. */
    private static void summarise(Path runDirectory, RunDisplay display) {
        try {
            SummaryFiles.Written written = SummaryFiles.write(runDirectory, runDirectory);
            display.accept("summaries: " + written.json() + ", " + written.markdown() + ", " + written.html()
                    + " (upgrade-lab report " + runDirectory + " writes them again)");
        } catch (RuntimeException e) {
            display.accept("could not summarise the run: " + e.getMessage());
        }
    }

    private void copyExperiment(Path runDirectory) {
        try {
            Files.createDirectories(runDirectory);
            Files.copy(arguments.file, runDirectory.resolve("experiment.yaml"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot prepare the run directory " + runDirectory + ": " + e);
        }
    }

    private static void awaitQuietly(CountDownLatch finished) {
        try {
            finished.await(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down (Ctrl-C): the hook has run
        }
    }
}
