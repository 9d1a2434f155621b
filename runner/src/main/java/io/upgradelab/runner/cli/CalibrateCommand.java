package io.upgradelab.runner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.calibrate.Calibration;
import io.upgradelab.runner.calibrate.CalibrationFile;
import io.upgradelab.runner.calibrate.CalibrationKey;
import io.upgradelab.runner.calibrate.CalibrationPlan;
import io.upgradelab.runner.calibrate.CalibrationPlan.Pair;
import io.upgradelab.runner.engine.RunOutcome;
import io.upgradelab.runner.experiment.ExperimentFile;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.plan.FleetScale;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab calibrate}: measures the capacity frontier of an experiment's target for each
 * server version and client version it uses, and saves it for {@code --fit}.
 */
@Command(name = "calibrate", sortOptions = false,
        description = {"Find, on the experiment's target, the largest provider count each server version holds with"
                + " each client version the experiment uses (e.g. 1.4.1 with 1.4.1, 2.0.4 with 1.4.1, 2.0.4 with 2.0.4).",
                "Per pair, a fresh cluster is ramped step by step; after each ramp the lab waits until every node"
                        + " holds the registered providers (--settle), then holds the step (--hold). A step is stable"
                        + " when it settled and no node fell below the registered count in any sample of the hold (the"
                        + " report's 'stable'). The frontier is the last stable step before the first that is not;"
                        + " a step that does not settle ends that pair's run.",
                "Prints and saves the capacity matrix (instances held, CPU per node, beats delivered, load validity"
                        + " per step). A saved calibration of the same target, fleet shape and machine is reused"
                        + " (printed again) unless --again. Then 'upgrade-lab run EXPERIMENT --fit' scales the"
                        + " experiment to it.",
                "Each pair is an ordinary run (its experiment.yaml, journal.jsonl and report.html) under"
                        + " --out/<pair>/. Ctrl-C stops cleanly; what was measured is kept."},
        footer = {"", "Examples:",
                "  upgrade-lab calibrate experiments/nacos-1x-to-2x.yaml",
                "  upgrade-lab calibrate experiments/nacos-1x-to-2x.yaml --pairs 1.4.1/1x --steps 8000,16000",
                "  upgrade-lab run experiments/nacos-1x-to-2x.yaml --fit",
                "", "Exit codes: 0 measured (or reused), 1 a pair's run could not be measured (no step at all),"
                + " 2 invalid experiment or flags, 130 interrupted."})
final class CalibrateCommand implements Callable<Integer> {

    /** The longest a step may be held or take to settle. */
    private static final Duration LONGEST_STEP = Duration.ofHours(6);

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", paramLabel = "EXPERIMENT",
            description = "The experiment whose target, fleet and probe are calibrated (its phases choose the pairs"
                    + " and the default steps).")
    Path file;

    @Option(names = "--pairs", paramLabel = "VERSION/CLIENT", split = ",",
            description = "Server version and client version pairs, e.g. 1.4.1/1x,2.0.4/2x,2.3.2/2.3.2 (1x and 2x stand"
                    + " for 1.4.1 and 2.0.4). Default: every pair the experiment's phases run at.")
    List<String> pairs;

    @Option(names = "--steps", paramLabel = "N", split = ",",
            description = "Provider counts to step through, ascending. Default: 25, 50, 75, 100, 125, 150 and 200%% of"
                    + " the experiment's largest count.")
    List<Integer> steps;

    @Option(names = "--hold", paramLabel = "DURATION", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long each step is held and judged, from 1s to 6h. Default: ${DEFAULT-VALUE}.")
    Duration hold;

    @Option(names = "--settle", paramLabel = "DURATION", defaultValue = "2m",
            converter = DurationConverter.class,
            description = "How long each step may take until every node holds the registered providers; a step that"
                    + " does not settle ends that pair's run. From 1s to 6h. Default: ${DEFAULT-VALUE}.")
    Duration settle;

    @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR",
            description = "Where calibrations are kept (the saved matrix, and a run per pair). Default: runs/calibrations.")
    Path out;

    @Option(names = "--again", description = "Measure even if a calibration of this target is saved.")
    boolean again;

    @Override
    public Integer call() {
        ValidatedExperiment valid = Experiments.load(file, null);
        List<Pair> chosen = choosePairs(valid);
        List<Integer> counts = chooseSteps(valid);
        Duration holdFor = DurationConverter.within("--hold", hold, Duration.ofSeconds(1), LONGEST_STEP);
        Duration settleFor = DurationConverter.within("--settle", settle, Duration.ofSeconds(1), LONGEST_STEP);
        Path directory = (out != null ? out : CalibrationFile.defaultDirectory()).toAbsolutePath().normalize();
        CalibrationKey key = CalibrationKey.of(valid.experiment());
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        if (!again) {
            var saved = CalibrationFile.find(directory, key);
            if (saved.isPresent() && chosen.stream().allMatch(p -> saved.get().pair(p.server(), p.clients()).isPresent())) {
                err.println("upgrade-lab: reusing the calibration of " + saved.get().created() + " ("
                        + CalibrationFile.of(directory, key) + "); --again measures anew");
                print(saved.get(), stdout);
                return 0;
            }
        }
        err.println("upgrade-lab: calibrating " + key.describe() + ": pairs " + chosen + ", steps " + counts
                + ", settle " + Durations.text(settleFor) + ", hold " + Durations.text(holdFor));
        long began = System.nanoTime();
        ExperimentFile tree = ExperimentFile.read(file);
        List<Calibration.PairCapacity> measured = new ArrayList<>();
        for (Pair pair : chosen) {
            Path runDirectory = directory.resolve(key.fileName().replace(".json", "")).resolve(pair.server() + "-"
                    + pair.clients() + "-" + Instant.now().toString().replace(":", "").replaceAll("\\..*", ""));
            ValidatedExperiment pairRun = write(withServersOf(tree, valid), pair, counts, settleFor, holdFor, runDirectory);
            RunOutcome outcome = RunExecution.execute(pairRun, runDirectory, err);
            Calibration.PairCapacity capacity = Capacity.of(pair, counts, runDirectory);
            measured.add(capacity);
            err.println("upgrade-lab: " + pair + ": " + frontier(capacity));
            if (outcome == RunOutcome.INTERRUPTED) {
                err.println("upgrade-lab: interrupted: nothing saved; the pairs' runs are in " + runDirectory.getParent());
                return LabException.INTERRUPTED;
            }
        }
        Calibration calibration = new Calibration(key, Instant.now().toString(), holdFor.toSeconds(), merged(directory,
                key, measured));
        Path saved = CalibrationFile.write(directory, calibration);
        err.println("upgrade-lab: calibrated in " + Durations.text(Duration.ofNanos(System.nanoTime() - began))
                + "; saved " + saved);
        print(calibration, stdout);
        return measured.stream().allMatch(p -> p.steps().isEmpty()) ? LabException.FAILED : 0;
    }

    /** The pairs measured now, and those of an earlier calibration of the same key that were not. */
    private static List<Calibration.PairCapacity> merged(Path directory, CalibrationKey key,
                                                         List<Calibration.PairCapacity> measured) {
        List<Calibration.PairCapacity> all = new ArrayList<>(measured);
        CalibrationFile.find(directory, key).ifPresent(earlier -> earlier.pairs().stream()
                .filter(p -> measured.stream().noneMatch(m -> m.server().equals(p.server()) && m.clients().equals(p.clients())))
                .forEach(all::add));
        return all;
    }

    private List<Pair> choosePairs(ValidatedExperiment valid) {
        if (pairs == null || pairs.isEmpty()) {
            List<Pair> used = CalibrationPlan.pairs(valid);
            if (used.isEmpty()) {
                throw LabException.invalidInput(file + ": no phase registers providers on a cluster of one version;"
                        + " name the pairs with --pairs");
            }
            return used;
        }
        List<Pair> parsed = new ArrayList<>();
        for (String text : pairs) {
            try {
                parsed.add(Pair.parse(text.trim()));
            } catch (IllegalArgumentException e) {
                throw LabException.invalidInput("--pairs: " + e.getMessage());
            }
        }
        return parsed;
    }

    private List<Integer> chooseSteps(ValidatedExperiment valid) {
        if (steps == null || steps.isEmpty()) {
            return CalibrationPlan.defaultSteps(valid);
        }
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i) < 1 || steps.get(i) > FleetScale.MAX_PROVIDERS || i > 0 && steps.get(i) <= steps.get(i - 1)) {
                throw LabException.invalidInput("--steps must ascend, each from 1 to " + FleetScale.MAX_PROVIDERS + ": " + steps);
            }
        }
        return List.copyOf(steps);
    }

    /**
     * The file's tree with target.local.servers as {@code valid} resolved them, absolute: the pair's file
     * is written elsewhere, where the file's relative paths would not lead.
     */
    private static JsonNode withServersOf(ExperimentFile tree, ValidatedExperiment valid) {
        ObjectNode copy = tree.tree().deepCopy();
        Map<String, String> servers = valid.experiment().target().local().servers();
        if (!servers.isEmpty() && copy.get("target") instanceof ObjectNode target
                && target.get("local") instanceof ObjectNode local) {
            ObjectNode absolute = local.putObject("servers");
            servers.forEach(absolute::put);
        }
        return copy;
    }

    /** Writes the pair's experiment into its run directory and validates it as any experiment file. */
    private static ValidatedExperiment write(JsonNode tree, Pair pair, List<Integer> counts, Duration settle,
                                             Duration hold, Path runDirectory) {
        try {
            Files.createDirectories(runDirectory);
            Path experiment = Files.writeString(runDirectory.resolve("experiment.yaml"),
                    CalibrationPlan.experimentYaml(tree, pair, counts, settle, hold));
            return Experiments.load(experiment, null);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write " + runDirectory + ": " + e.getMessage());
        }
    }

    /** The capacity matrix, a pair a block: one line per step. */
    static void print(Calibration calibration, PrintWriter out) {
        out.println("capacity of " + calibration.key().describe() + " (measured " + calibration.created() + ", hold "
                + calibration.holdSeconds() + " s per step)");
        out.println(String.format(Locale.ROOT, "%-8s %-7s %9s  %-7s %-7s %8s %12s  %-18s %s", "server", "clients",
                "providers", "settled", "stable", "flapping", "min held", "CPU % per node", "beats delivered / load"));
        for (Calibration.PairCapacity pair : calibration.pairs()) {
            for (Calibration.Step step : pair.steps()) {
                out.println(String.format(Locale.ROOT, "%-8s %-7s %9d  %-7s %-7s %8d %12d  %-18s %s", pair.server(),
                        pair.clients(), step.providers(), step.settled() ? "yes" : "no", step.stable() ? "yes" : "no",
                        step.flappingEvents(), step.minInstances(),
                        step.cpuPercentPerNode().stream().map(c -> String.valueOf(Math.round(c)))
                                .collect(Collectors.joining(" ")),
                        (step.beatsDeliveredPercent() == null ? "-" : Math.round(step.beatsDeliveredPercent()) + "%")
                                + " / " + step.load()));
            }
            out.println("  " + pair.server() + " with " + pair.clients() + ": " + frontier(pair) + "  (" + pair.runDirectory() + ")");
        }
        out.flush();
    }

    private static String frontier(Calibration.PairCapacity pair) {
        if (pair.frontier() == 0) {
            return "held no step" + (pair.firstUnstable() > 0 ? " (first: " + pair.firstUnstable() + ")" : "");
        }
        return pair.firstUnstable() == 0 ? "held every step, frontier beyond " + pair.frontier()
                : "frontier " + pair.frontier() + " (not " + pair.firstUnstable() + ")";
    }
}
