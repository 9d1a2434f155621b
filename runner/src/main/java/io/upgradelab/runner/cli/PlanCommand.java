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
                "  upgrade-lab plan experiments/nacos-1x-to-2x.yaml --output json",
                "", "Exit codes: 0 planned, 2 invalid experiment (the errors are on standard error) or no such file."})
final class PlanCommand implements Callable<Integer>, OutputOption.JsonCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ExperimentArguments arguments;

    @Mixin
    OutputOption output;

    /**
     * An experiment's expected timeline, in JSON.
     *
     * @param file            the file as given
     * @param experiment      its name
     * @param scale           the scale every provider count was multiplied by
     * @param nodes           the cluster's size
     * @param serverVersion   the Nacos version every node starts on
     * @param setUpSeconds    expected set-up, before phase 1
     * @param expectedSeconds expected total, set-up included
     * @param phases          phase by phase, from 1
     * @param notes           what could not be checked, and why (also on standard error)
     */
    record Plan(String file, String experiment, double scale, int nodes, String serverVersion, long setUpSeconds,
                long expectedSeconds, List<Step> phases, List<String> notes) {
    }

    /**
     * One phase of the plan.
     *
     * @param number            from 1, as errors, the run, the report and the gate number it
     * @param startSeconds      expected start, from the start of the run (set-up included)
     * @param expectedSeconds   expected duration
     * @param providers         the fleet's providers once it is over
     * @param providersByClient the same by nacos-client version, oldest first (versions without any left out)
     * @param nodeVersions      what each node runs once it is over, node 1 first
     */
    record Step(int number, String kind, String title, long startSeconds, long expectedSeconds, int providers,
                List<ClientProviders> providersByClient, List<String> nodeVersions) {
    }

    /** Providers on one nacos-client version. */
    record ClientProviders(String client, int providers) {
    }

    @Override
    public Class<Plan> jsonType() {
        return Plan.class;
    }

    @Override
    public Integer call() {
        ValidatedExperiment valid = arguments.load();
        if (output.json()) {
            OutputOption.print(spec, plan(valid));
        } else {
            print(valid);
        }
        valid.notes().forEach(note -> spec.commandLine().getErr().println("upgrade-lab: note: " + note));
        return 0;
    }

    private static Plan plan(ValidatedExperiment valid) {
        Experiment experiment = valid.experiment();
        Timeline timeline = valid.timeline();
        List<Step> steps = timeline.phases().stream().map(p -> new Step(p.number(), p.kind(), p.title(),
                seconds(p.start()), seconds(p.expected()), p.providers(), inVersionOrder(p.providersByGeneration())
                .entrySet().stream().filter(e -> e.getValue() > 0).map(e -> new ClientProviders(e.getKey(), e.getValue())).toList(),
                p.nodeVersions())).toList();
        return new Plan(valid.file(), experiment.name(), experiment.scale(), experiment.target().nodes(),
                experiment.target().version(), seconds(timeline.setUp()), seconds(timeline.total()), steps, valid.notes());
    }

    private static long seconds(Duration duration) {
        return Math.round(duration.toMillis() / 1000.0);
    }

    private void print(ValidatedExperiment valid) {
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
        List<String> parts = inVersionOrder(byClient).entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " on " + e.getKey()).toList();
        return parts.isEmpty() ? String.valueOf(total) : String.join(" + ", parts);
    }

    /** Providers by client version, the oldest version first. */
    private static Map<String, Integer> inVersionOrder(Map<String, Integer> byClient) {
        Map<String, Integer> inOrder = new TreeMap<>(VersionOrder.NUMERIC);
        inOrder.putAll(byClient);
        return inOrder;
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
