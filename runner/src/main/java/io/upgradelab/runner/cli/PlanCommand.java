package io.upgradelab.runner.cli;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.VersionOrder;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.ExperimentAddresses;
import io.upgradelab.runner.experiment.Timeline;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab plan}: the expected timeline of an experiment, phase by phase, without
 * starting anything: how long it takes, and what the cluster and the fleet look like after each step.
 */
@Command(name = "plan", sortOptions = false,
        description = {"Show an experiment's expected timeline without starting anything.",
                "Validates the file as 'upgrade-lab validate' does, then prints one row per phase: its number"
                        + " (from 1, as errors, the run, the report and the gate number it), expected start (from the start of the run,"
                        + " set-up included), expected duration, kind, what it does, and the providers and node"
                        + " versions it leaves; then the expected total.",
                "Durations are estimates from runs on a 2-core machine (e.g. a 1.x node stops in ~30 s and a"
                        + " node starts in ~25-30 s; upgraded=true comes ~20-30 s after the last node, over 3 minutes when services were left empty)."},
        footer = {"", "Examples:",
                "  upgrade-lab plan experiments/nacos-1x-to-2x.yaml",
                "  upgrade-lab plan experiments/nacos-1x-to-2x.yaml --scale 0.02",
                "", "Exit codes: 0 planned, 2 invalid experiment (the errors are on standard error) or no such file."})
final class PlanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ExperimentArguments arguments;

    @Override
    public Integer call() {
        ValidatedExperiment valid = arguments.load();
        Experiment experiment = valid.experiment();
        Timeline timeline = valid.timeline();
        PrintWriter out = spec.commandLine().getOut();

        out.println(valid.file() + ": " + experiment.name() + " (scale " + number(experiment.scale()) + ")");
        out.println("cluster: " + experiment.target().nodes() + " x Nacos " + experiment.target().version()
                + " (" + experiment.target().backend() + ", heap " + experiment.target().serverHeap() + ")"
                + "; fleet: " + experiment.fleet().services() + " services, " + experiment.fleet().providersPerClient()
                + " providers per client, " + number(experiment.fleet().rampRate()) + "/s, "
                + "nacos-client " + ClientVersions.canonical(experiment.fleet().clientVersion()) + "; probe: "
                + number(experiment.probe().rate()) + " calls/s, nacos-client "
                + ClientVersions.canonical(experiment.probe().clientVersion()) + ", "
                + experiment.probe().demoProviders() + " demo providers");
        ExperimentAddresses.lines(experiment).forEach(out::println);
        if (!experiment.abortWhen().isEmpty()) {
            out.println("abort when: " + experiment.abortWhen().stream().map(c -> c.describe())
                    .collect(Collectors.joining("; or ")));
        }
        out.println();

        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"#", "start", "takes", "kind", "what", "providers", "nodes"});
        rows.add(new String[] {"-", clock(Duration.ZERO), Durations.text(timeline.setUp()), "set-up",
                timeline.setUpTitle(), "0", versions(initialVersions(experiment))});
        for (Timeline.PlannedPhase phase : timeline.phases()) {
            rows.add(new String[] {String.valueOf(phase.number()), clock(phase.start()), Durations.text(phase.expected()),
                    phase.kind(), phase.title(), providers(phase.providers(), phase.providersByGeneration()),
                    versions(phase.nodeVersions())});
        }
        printTable(out, rows);
        out.println();
        out.println("expected total: " + ExperimentArguments.approximately(timeline.total()) + " ("
                + Durations.text(timeline.total()) + ": set-up " + Durations.text(timeline.setUp()) + ", phases "
                + Durations.text(timeline.phasesTime()) + "). Nothing was started.");
        valid.notes().forEach(note -> spec.commandLine().getErr().println("upgrade-lab: note: " + note));
        return 0;
    }

    private static void printTable(PrintWriter out, List<String[]> rows) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean numeric = i == 0;
                String cell = numeric ? " ".repeat(widths[i] - row[i].length()) + row[i] : row[i];
                line.append(i == 0 ? "" : "  ").append(i == row.length - 1 ? cell : pad(cell, widths[i]));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String pad(String cell, int width) {
        return cell + " ".repeat(Math.max(0, width - cell.length()));
    }

    /** {@code 1:05:30} or {@code 5:30}: an offset from the start of the run. */
    static String clock(Duration offset) {
        long s = Math.round(offset.toMillis() / 1000.0);
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60)
                : String.format("%d:%02d", s / 60, s % 60);
    }

    /** {@code 6000 on 1.4.1}, or {@code 7000 on 1.4.1 + 7000 on 2.0.4} while client versions are mixed. */
    private static String providers(int total, Map<String, Integer> byClient) {
        Map<String, Integer> inOrder = new TreeMap<>(VersionOrder.NUMERIC);
        inOrder.putAll(byClient);
        List<String> parts = inOrder.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " on " + e.getKey()).toList();
        return parts.isEmpty() ? String.valueOf(total) : String.join(" + ", parts);
    }

    /** {@code 1.4.1 x3}, or node by node ({@code 2.0.4 2.0.4 1.4.1}) while the versions are mixed. */
    static String versions(List<String> nodes) {
        if (nodes.stream().distinct().count() == 1) {
            return nodes.get(0) + " x" + nodes.size();
        }
        return String.join(" ", nodes);
    }

    private static List<String> initialVersions(Experiment experiment) {
        return java.util.Collections.nCopies(experiment.target().nodes(), experiment.target().version());
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
