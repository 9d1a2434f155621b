package io.upgradelab.runner.cli;

import io.upgradelab.reports.gate.Gate;
import io.upgradelab.reports.gate.Policy;
import io.upgradelab.reports.gate.PolicyFile;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.engine.RunOutcome;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.notify.Webhook;
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
                "  upgrade-lab run experiments/nacos-1x-to-2x.yaml --scale 0.5 --out-dir runs/half-scale",
                "  upgrade-lab run experiments/nacos-1x-to-2x-ci.yaml --gate experiments/nacos-1x-to-2x.policy.yaml"
                        + " --notify env:SLACK_WEBHOOK_URL",
                "", "Exit codes: 0 every phase ran, 1 a phase failed or an abort condition held,"
                + " 2 invalid experiment or flags, 130 interrupted. With --gate: the gate's, 0 pass, 1 fail,"
                + " 3 inconclusive (also a run that stopped on the lab's own limit)."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ExperimentArguments arguments;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR",
            description = "Run directory (created; must not hold a journal yet). Default: runs/<experiment>-<date-time>.")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing while the run goes (no event lines, no status"
            + " line): only the warnings before it, and its outcome, journal and verdict when it ends.")
    boolean quiet;

    @Option(names = "--gate", paramLabel = "POLICY",
            description = "After the run, judge it against this policy (as upgrade-lab gate does): JUnit XML in the"
                    + " run directory, the verdict at the top of summary.md and report.html, and exit 1 if it"
                    + " fails, 3 if it is inconclusive. Checked before anything starts.")
    Path gate;

    @Option(names = "--baseline", paramLabel = "RUN_DIR",
            description = "With --gate: the run to compare with, for cpuAgainstBaseline and baseline criteria."
                    + " Checked before anything starts.")
    Path baseline;

    @Option(names = "--notify", paramLabel = "WEBHOOK",
            description = "When the run ends, tell a chat how it ended and what the gate said: one POST of"
                    + " {\"text\": ...} (Slack's incoming webhooks, and those compatible with them). WEBHOOK is"
                    + " env:NAME, the environment variable holding the webhook's URL (it carries a token: keep it off"
                    + " the command line), or the URL itself. A chat that does not take it is a warning, never the"
                    + " run's failure.")
    String notify;

    @Mixin
    MetricsPortOption metricsPort;

    @Override
    public Integer call() {
        ValidatedExperiment valid = metricsPort.applyTo(arguments.load());
        Webhook webhook = notify == null ? null : Webhook.parse(notify, System.getenv());
        Policy policy = gate == null ? null : GateCommand.read(gate);
        GateCommand.checkBaseline(policy, baseline);
        valid.notes().forEach(note -> spec.commandLine().getErr().println("upgrade-lab: note: " + note));
        Experiment experiment = valid.experiment();
        if (policy != null) {
            List<String> unknown = PolicyFile.phasesMatchingNone(gate, experiment.phases().stream().map(Phase::kind).toList());
            if (!unknown.isEmpty()) {
                throw LabException.invalidInput(String.join("\n", unknown));
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
        RunExecution.Executed run = RunExecution.execute(valid, runDirectory, spec.commandLine().getErr(),
                policy == null ? null : dir -> GateCommand.judge(dir, policy, baseline, null), quiet);
        RunOutcome outcome = run.outcome();
        out.println(outcome.journalName() + " " + runDirectory.resolve(Journal.FILE_NAME));
        out.flush();
        if (webhook != null) {
            notify(webhook, RunNotice.text(experiment.name(), outcome.journalName(), run.gate(), runDirectory));
        }
        if (policy == null || outcome == RunOutcome.INTERRUPTED) {
            return outcome.exitCode();
        }
        Gate judged = run.gate().gate();
        if (judged == null) {   // a journal the gate refuses: a broken run, as gate says it
            throw LabException.invalidInput(run.gate().notJudged());
        }
        GateCommand.print(judged, out);
        return exitCode(outcome.exitCode(), judged);
    }

    /**
     * A gated run's exit code: the gate's (0, 1, 3) when the run completed; the run's own when it did
     * not, unless the gate found the stop to be the lab's limit (its verdict inconclusive): then 3, so a
     * pipeline does not read the lab's limit as Nacos failing.
     */
    static int exitCode(int run, Gate judged) {
        int gate = GateCommand.exitCode(judged);
        return run == 0 || gate == GateCommand.INCONCLUSIVE ? gate : run;
    }

    /** Tells the chat; a chat that does not take it is a warning on standard error. */
    private void notify(Webhook webhook, String text) {
        PrintWriter err = spec.commandLine().getErr();
        webhook.post(text).ifPresentOrElse(why -> err.println("upgrade-lab: warning: not notified: " + why),
                () -> err.println("upgrade-lab: notified " + webhook.shown()));
        err.flush();
    }

    private void copyExperiment(Path runDirectory) {
        copyExperiment(arguments.file, runDirectory);
    }

    /** {@code file} into {@code runDirectory} (made) as experiment.yaml: the run says what it ran. */
    static void copyExperiment(Path file, Path runDirectory) {
        try {
            Files.createDirectories(runDirectory);
            Files.copy(file, runDirectory.resolve("experiment.yaml"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot prepare the run directory " + runDirectory + ": " + e);
        }
    }
}
