package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.FlappingTally;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.RunStarted.PlannedPhase;
import io.upgradelab.journal.SignsWatched;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What a run did, phase by phase, in the shape of the published comparison (server version,
 * client version, scale, stability, CPU) with what the probe felt (outcomes and latency
 * percentiles). Built from the journal alone ({@link RunSummaries}), so a run recorded elsewhere, or
 * killed, is summarised the same way.
 *
 * @param outcome   the run's own word (completed, failed, aborted, interrupted), or "incomplete"
 *                  when the journal has no runEnded line (the run was killed)
 * @param tornLines journal lines that could not be read (a kill mid-write leaves one)
 * @param probe     the whole run's probe outcomes
 * @param latency   the whole run's latency from the intended start; null when not recorded
 * @param end       the registry at the last sample of the last phase
 * @param signsWatched what the run watched for failure signs; null in a journal without it (before
 *                  the failure-sign observer), where no sign was watched
 * @param benchmarks   the operations its benchmark phases measured, in journal order; empty without any
 * @param gatewayBenchmarks the wrk runs its gatewayBenchmark phases made, in journal order; empty without any
 * @param consumerStacks what each stack of its consumerStacks phases felt per event, in journal order; empty without any
 * @param signals   what each of the team's own signals showed per phase, in the order first sampled; empty without any
 * @param planned      the phases its experiment planned (runStarted), so a gate tells a phase the run did
 *                     not reach from a phase name that names none; empty when not at hand
 * @param signsWatchedFrom the first phase the failure signs were watched in: the phase of the journal's
 *                     signsWatched line (0: from set-up; {@link #SIGNS_WATCHED_AFTER_THE_PHASES} when that
 *                     line is from tear-down), so a phase before it is not judged by failure signs
 */
public record RunSummary(String experiment, String description, double scale, String started, String outcome,
                         boolean complete, double seconds, int tornLines, List<PhaseSummary> phases,
                         CallCounts probe, Percentiles latency, EndOfRun end,
                         @JsonInclude(JsonInclude.Include.NON_NULL) SignsWatched signsWatched,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<BenchmarkSummary> benchmarks,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GatewayBenchmarkSummary> gatewayBenchmarks,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ConsumerStackSummary> consumerStacks,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<SignalSummary> signals,
                         @JsonIgnore List<PlannedPhase> planned, @JsonIgnore int signsWatchedFrom) {

    /** {@link #signsWatchedFrom} of a run whose signsWatched line came in tear-down: no phase was watched. */
    public static final int SIGNS_WATCHED_AFTER_THE_PHASES = Integer.MAX_VALUE;

    public RunSummary {
        benchmarks = benchmarks == null ? List.of() : List.copyOf(benchmarks);
        gatewayBenchmarks = gatewayBenchmarks == null ? List.of() : List.copyOf(gatewayBenchmarks);
        consumerStacks = consumerStacks == null ? List.of() : List.copyOf(consumerStacks);
        signals = signals == null ? List.of() : List.copyOf(signals);
        planned = planned == null ? List.of() : List.copyOf(planned);
    }

    /** A summary whose failure signs, if it watched any, were watched from set-up on. */
    public RunSummary(String experiment, String description, double scale, String started, String outcome,
                      boolean complete, double seconds, int tornLines, List<PhaseSummary> phases, CallCounts probe,
                      Percentiles latency, EndOfRun end, SignsWatched signsWatched, List<BenchmarkSummary> benchmarks,
                      List<PlannedPhase> planned) {
        this(experiment, description, scale, started, outcome, complete, seconds, tornLines, phases, probe, latency,
                end, signsWatched, benchmarks, List.of(), List.of(), List.of(), planned, 0);
    }

    /** A summary whose plan is not at hand. */
    public RunSummary(String experiment, String description, double scale, String started, String outcome,
                      boolean complete, double seconds, int tornLines, List<PhaseSummary> phases, CallCounts probe,
                      Percentiles latency, EndOfRun end, SignsWatched signsWatched, List<BenchmarkSummary> benchmarks) {
        this(experiment, description, scale, started, outcome, complete, seconds, tornLines, phases, probe, latency,
                end, signsWatched, benchmarks, List.of());
    }

    /** A summary of a run without benchmark phases. */
    public RunSummary(String experiment, String description, double scale, String started, String outcome,
                      boolean complete, double seconds, int tornLines, List<PhaseSummary> phases, CallCounts probe,
                      Percentiles latency, EndOfRun end, SignsWatched signsWatched) {
        this(experiment, description, scale, started, outcome, complete, seconds, tornLines, phases, probe, latency,
                end, signsWatched, List.of());
    }

    /** A summary of a run that watched no failure sign. */
    public RunSummary(String experiment, String description, double scale, String started, String outcome,
                      boolean complete, double seconds, int tornLines, List<PhaseSummary> phases, CallCounts probe,
                      Percentiles latency, EndOfRun end) {
        this(experiment, description, scale, started, outcome, complete, seconds, tornLines, phases, probe, latency,
                end, null);
    }

    /**
     * "the run failed in phase 7 (scale down to 6000 providers): the fleet is still busy ...; nothing
     * after it was measured", when a phase did not end done; empty for a run whose phases all did.
     * Reports and the gate open with it, before any figure or criterion.
     */
    public java.util.Optional<String> failure() {
        for (PhaseSummary p : phases) {
            if (!"done".equals(p.outcome())) {
                return java.util.Optional.of("the run " + ended(p.outcome()) + " in phase " + p.index() + " (" + p.title()
                        + ")" + (p.message().isEmpty() ? "" : ": " + p.message()) + "; nothing after it was measured");
            }
        }
        if (!"completed".equals(outcome)) {
            return java.util.Optional.of("the run " + ended(outcome) + (phases.isEmpty() ? " before its first phase"
                    : " after phase " + phases.get(phases.size() - 1).index()) + "; nothing after it was measured");
        }
        return java.util.Optional.empty();
    }

    private static String ended(String outcome) {
        return switch (outcome) {
            case "aborted", "interrupted" -> "was " + outcome;
            case "incomplete" -> "was killed or is still running (its journal has no runEnded line)";
            default -> outcome;
        };
    }

    /**
     * The registry as the last phase left it.
     *
     * @param registered         providers the fleet and the demo providers had registered (the
     *                           fleet's count plus the demo providers alive)
     * @param instancesPerNode   instances each node listed (-1: unreachable)
     * @param fleetSampled       whether the last phase has a fleet sample the fleet answered: without one,
     *                           {@code registered} is 0 for want of a figure, not a count (not in summary.json)
     */
    public record EndOfRun(int registered, List<Integer> instancesPerNode, @JsonIgnore boolean fleetSampled) {

        /** The registry at the end as a fleet sample said it. */
        public EndOfRun(int registered, List<Integer> instancesPerNode) {
            this(registered, instancesPerNode, true);
        }

        /** The nodes (numbered from 1) that did not answer the last sample. */
        public List<Integer> unreachable() {
            return IntStream.range(0, instancesPerNode.size()).filter(i -> instancesPerNode.get(i) < 0)
                    .mapToObj(i -> i + 1).toList();
        }

        /**
         * Registered instances missing from the node that lists fewest, of the nodes that answered the last
         * sample (0 when none is missing); a node that did not answer is in {@link #unreachable()}.
         */
        public int lost() {
            return instancesPerNode.stream().filter(i -> i >= 0).mapToInt(i -> Math.max(0, registered - i)).max().orElse(0);
        }

        /**
         * "node 1 lists 404", one for each node listing more than were registered: an over-count, behind
         * which a loss would not show ({@link OverCount}); none when none does.
         */
        public List<String> overCounted() {
            return IntStream.range(0, instancesPerNode.size()).filter(i -> instancesPerNode.get(i) > registered)
                    .mapToObj(i -> "node " + (i + 1) + " lists " + instancesPerNode.get(i)).toList();
        }
    }

    /**
     * One phase.
     *
     * @param serverVersions the nodes' versions, "1.4.1 x3", or "from -> to" when they changed in it
     * @param clients        the fleet's client versions, "1.4.1", "1.4.1+2.3.2", or "from -> to" (older journals: "1x")
     * @param providers      the fleet's providers when the phase ended
     * @param stable         no node's instance count was below the expected count, nor over the registered
     *                       count ({@link OverCount}), in any sample of it
     * @param latency        exact percentiles of the calls that ended in it; null when not recorded
     * @param load           whether its figures measure Nacos or the machine the lab ran on
     * @param message        why it did not end "done" (the runner's message), or ""
     * @param warnings       what went wrong in it without failing it, e.g. upgraded=true never reached;
     *                       failure signs apart
     * @param failureSigns   the known failure signs seen in it
     * @param missing        which registered providers a node missed, as it changed in it
     * @param counts         its instance-count samples, for the gate to recount flapping with its own
     *                       tolerance (not in summary.json: the journal has them)
     * @param configs        its config checks; null when the run checked no configs (no configs section)
     * @param probeSeconds   the probe seconds that ended in it: the seconds its probe figures cover
     * @param cause          {@code lab} when it failed because the lab's own work stopped advancing (its
     *                       phaseEnded's cause); null otherwise, and in journals from before it was recorded
     * @param overSamples    its samples where a node listed more than was registered (not in summary.json as
     *                       such: {@link #overCounts()} says them per node)
     */
    public record PhaseSummary(int index, String kind, String title, String outcome, double seconds,
                               long expectedSeconds, String serverVersions, String clients, int providers,
                               boolean stable, List<NodeSummary> nodes, CallCounts probe, Percentiles latency,
                               LoadValidity load, String message, List<Warning> warnings,
                               @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FailureSignWarning> failureSigns,
                               @JsonInclude(JsonInclude.Include.NON_EMPTY) List<MissingInstances> missing,
                               @JsonIgnore List<NodeCountsSample> counts,
                               @JsonInclude(JsonInclude.Include.NON_NULL) ConfigFigures configs,
                               int probeSeconds, @JsonInclude(JsonInclude.Include.NON_NULL) String cause,
                               @JsonIgnore List<OverCount> overSamples,
                               @JsonInclude(JsonInclude.Include.NON_NULL) LabFootprintFigures footprint) {

        public PhaseSummary {
            failureSigns = failureSigns == null ? List.of() : List.copyOf(failureSigns);
            missing = missing == null ? List.of() : List.copyOf(missing);
            counts = counts == null ? List.of() : List.copyOf(counts);
            overSamples = overSamples == null ? List.of() : List.copyOf(overSamples);
        }

        /**
         * A phase as summaries made it before they counted probe seconds, recorded causes and found
         * over-counts: every whole second of it covered by the probe, no cause, no over-count.
         */
        public PhaseSummary(int index, String kind, String title, String outcome, double seconds,
                            long expectedSeconds, String serverVersions, String clients, int providers,
                            boolean stable, List<NodeSummary> nodes, CallCounts probe, Percentiles latency,
                            LoadValidity load, String message, List<Warning> warnings,
                            List<FailureSignWarning> failureSigns, List<MissingInstances> missing,
                            List<NodeCountsSample> counts, ConfigFigures configs) {
            this(index, kind, title, outcome, seconds, expectedSeconds, serverVersions, clients, providers, stable,
                    nodes, probe, latency, load, message, warnings, failureSigns, missing, counts, configs,
                    (int) Math.floor(seconds), null, List.of(), null);
        }

        /** Per node, the samples where it listed more than was registered; none when no node did. */
        @JsonProperty("overCounts")
        @JsonInclude(JsonInclude.Include.NON_EMPTY)
        public List<OverCount.Finding> overCounts() {
            return OverCount.findings(overSamples);
        }

        /** A phase without failure signs, missing-instance diffs or samples kept. */
        public PhaseSummary(int index, String kind, String title, String outcome, double seconds,
                            long expectedSeconds, String serverVersions, String clients, int providers,
                            boolean stable, List<NodeSummary> nodes, CallCounts probe, Percentiles latency,
                            LoadValidity load, String message, List<Warning> warnings, ConfigFigures configs) {
            this(index, kind, title, outcome, seconds, expectedSeconds, serverVersions, clients, providers, stable,
                    nodes, probe, latency, load, message, warnings, List.of(), List.of(), List.of(), configs);
        }
    }

    /**
     * A journal {@code warning} of a phase.
     *
     * @param kind e.g. {@code upgradedNotReached}, {@code nodeNotSynced}; "" in older journals
     */
    public record Warning(String kind, String message) {

        /** The journal's warning as the summary names it ("" for what it lacks). */
        static Warning of(io.upgradelab.journal.Warning warning) {
            return new Warning(warning.kind() == null ? "" : warning.kind().name(),
                    warning.message() == null ? "" : warning.message());
        }
    }

    /**
     * One node over one phase: its instance counts (flapping: samples below the expected count, drops
     * below it and recoveries), and its CPU (% of one core) and memory.
     *
     * @param samples    instance-count samples where the node answered
     * @param cpuSamples CPU samples of the node: with none, its CPU figures are 0 and mean nothing
     */
    public record NodeSummary(int node, int samples, int unreachable, int minInstances, int maxInstances,
                              double meanInstances, double stddevInstances, int belowSamples, int drops,
                              int recoveries, double meanCpuPercent, double p95CpuPercent, double maxCpuPercent,
                              long maxRssMiB, int cpuSamples) {

        /** Times the node fell below the expected count; below from the phase's first sample counts once. */
        public int flappingEvents() {
            return FlappingTally.events(drops, belowSamples);
        }
    }
}
