package io.upgradelab.runner.cli;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.NoiseFloor;
import io.upgradelab.reports.NoiseMarkdown;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.html.RunTimeline;
import io.upgradelab.reports.output.OutputFile;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.engine.RunOutcome;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.journal.Journal;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab noise}: how far two runs of one experiment disagree on this machine when nothing
 * changed between them, so that a verdict can be read next to it ({@link NoiseFloor}): runs an
 * experiment N times, or reads repeats already made.
 */
@Command(name = "noise", sortOptions = false,
        description = {"Measure this machine's noise floor: repeats of one experiment with nothing changed between"
                + " them, every pair compared as compare and a baseline criterion judge an upgrade.",
                "With --repeat N, runs EXPERIMENT N times (each a run directory under --out: run-1, run-2, ...);"
                        + " without it, reads two or more run directories of one experiment. Per figure family (p99,"
                        + " success, cpu, instances): how many comparisons were judged, the false alarms (a figure"
                        + " judged worse or better where nothing changed) and the floor (the largest shift between"
                        + " two repeats: a smaller effect cannot be told from noise here); how many pairs a baseline"
                        + " criterion would have failed; the noisiest figures; and the noise line a baseline criterion"
                        + " takes, which makes it INCONCLUSIVE on a change within the floor. Writes noise.md and"
                        + " noise.json (format " + NoiseFloor.FORMAT + ") under --out."},
        footer = {"", "Examples:",
                "  upgrade-lab noise experiments/nacos-1x-to-2x-ci.yaml --repeat 3 --out runs/noise-ci",
                "  upgrade-lab noise runs/ci-1 runs/ci-2 runs/ci-3 --out runs/noise-ci",
                "", "Exit codes: 0 measured, 1 a repeat did not complete (the others are kept; nothing judged),"
                        + " 2 invalid input (under two runs, a run directory without a journal, an experiment"
                        + " without --repeat), 130 interrupted."})
final class NoiseCommand implements Callable<Integer>, OutputOption.JsonCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "With --repeat: the experiment file. Without: two or more run directories (or journals)"
                    + " of one experiment.")
    List<Path> inputs;

    @Option(names = "--repeat", paramLabel = "N", description = "Run the experiment N times (at least 2), one after"
            + " the other, each as upgrade-lab run would.")
    Integer repeat;

    @Option(names = "--scale", paramLabel = "F", description = "With --repeat: the scale of every repeat, as run --scale.")
    Double scale;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR", description = "Where noise.md and noise.json go, and with --repeat"
            + " the runs. Default with --repeat: runs/noise-<experiment>-<date-time>.")
    Path out;

    @Mixin
    OutputOption output;

    /** How a repeat that did not complete ended; null while every one did. */
    private RunOutcome stopped;

    @Override
    public Class<NoiseFloor> jsonType() {
        return NoiseFloor.class;
    }

    @Override
    public Integer call() {
        List<Path> runs = repeat == null ? repeatsGiven() : runRepeats();
        if (runs == null) {
            return stopped.exitCode();
        }
        List<JournalFile> journals = runs.stream().map(NoiseCommand::journal).toList();
        NoiseFloor noise;
        try {
            noise = NoiseFloor.of(IntStream.range(0, runs.size())
                    .mapToObj(i -> repeat(runs.get(i), journals.get(i))).toList());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw LabException.invalidInput(e.getMessage());
        }
        String markdown = NoiseMarkdown.render(noise);
        if (output.json()) {
            OutputOption.print(spec, noise);
        } else {
            spec.commandLine().getOut().print(markdown);
            spec.commandLine().getOut().flush();
        }
        if (out != null) {
            write(noise, markdown, journals.stream().map(JournalFile::file).toList());
        }
        return 0;
    }

    private List<Path> repeatsGiven() {
        if (scale != null) {
            throw LabException.invalidInput("--scale is for --repeat: the runs given were made at their own scale");
        }
        if (inputs.size() < 2) {
            throw LabException.invalidInput("give two or more run directories of one experiment, or an experiment"
                    + " file with --repeat N");
        }
        return inputs;
    }

    /** The repeats' directories once all completed; null when one did not (its directory kept). */
    private List<Path> runRepeats() {
        if (repeat < 2) {
            throw LabException.invalidInput("--repeat " + repeat + ": a noise floor needs at least 2 repeats");
        }
        if (inputs.size() != 1) {
            throw LabException.invalidInput("--repeat runs one experiment: give one EXPERIMENT file, not "
                    + inputs.size() + " inputs");
        }
        Path file = inputs.get(0);
        ValidatedExperiment valid = Experiments.load(file, scale);
        if (out == null) {
            out = LabHome.defaultRunsDirectory().resolve("noise-" + valid.experiment().name() + "-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        }
        PrintWriter err = spec.commandLine().getErr();
        List<Path> runs = new ArrayList<>();
        for (int i = 1; i <= repeat; i++) {
            Path run = out.toAbsolutePath().normalize().resolve("run-" + i);
            if (Files.exists(run.resolve(Journal.FILE_NAME))) {
                throw LabException.invalidInput(run + " already holds a run (journal.jsonl): choose another --out");
            }
            err.println("upgrade-lab: noise: repeat " + i + " of " + repeat + " in " + run);
            err.flush();
            RunCommand.copyExperiment(file, run);
            RunOutcome outcome = RunExecution.execute(valid, run, err);
            if (outcome != RunOutcome.COMPLETED) {
                stopped = outcome;
                err.println("upgrade-lab: noise: repeat " + i + " " + outcome.journalName() + " (" + run
                        + "): a repeat that did not complete says nothing of the noise; nothing judged");
                return null;
            }
            runs.add(run);
        }
        return runs;
    }

    /** The journal of {@code run} (a directory or the journal itself); one that does not read is invalid input. */
    private static JournalFile journal(Path run) {
        try {
            return JournalFile.read(run);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw LabException.invalidInput(e.getMessage());
        }
    }

    /** {@code run}, named as given, from its journal. */
    private static NoiseFloor.Repeat repeat(Path run, JournalFile journal) {
        return new NoiseFloor.Repeat(run.toString(), RunSummaries.of(journal), RunTimeline.of(journal));
    }

    /** noise.md and noise.json under --out, never over one of the {@code journals} read. */
    private void write(NoiseFloor noise, String markdown, List<Path> journals) {
        try {
            Files.createDirectories(out);
            Path md = OutputFile.write(out.resolve("noise.md"), markdown, journals);
            Path json = OutputFile.write(out.resolve(NoiseFloor.FILE_NAME), noise.json(), journals);
            spec.commandLine().getErr().println("upgrade-lab: wrote " + md + " and " + json);
        } catch (IllegalArgumentException e) {
            throw LabException.invalidInput(e.getMessage());
        } catch (IOException | UncheckedIOException e) {
            throw new LabException(LabException.FAILED, "cannot write the noise floor under " + out + ": " + e.getMessage());
        }
    }
}
