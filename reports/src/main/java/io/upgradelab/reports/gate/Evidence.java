package io.upgradelab.reports.gate;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SummaryText;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * When a run's evidence cannot decide a criterion: every rule that makes a verdict INCONCLUSIVE rather
 * than PASS or FAIL, in one place. Thin evidence is never a PASS, and the lab's own limits never read
 * as Nacos's failure:
 * <ul>
 *   <li>a phase whose load was not valid ({@link io.upgradelab.reports.LoadValidity}: the load
 *       generator or the machine was the bottleneck, or it was not measured) measured the lab, not
 *       Nacos: no criterion judges it, whatever its figures;</li>
 *   <li>a phase without a criterion's evidence: no probe call ended in it, or its probe seconds cover
 *       under {@value #MIN_PROBE_COVERAGE_PERCENT}% of its whole seconds (the probe's criteria); a node
 *       with fewer than {@value #MIN_NODE_SAMPLES} instance-count samples (flapping) or CPU samples
 *       (the CPU criteria) in it, counted in the samples the journal holds, whatever its phaseEnded tally
 *       claims; no config check that judged a config on a node (configIntact);</li>
 *   <li>a node that did not answer some instance-count samples of a phase (outside a rolling server
 *       upgrade's restarts): a count not seen is no count ({@link #unreachable});</li>
 *   <li>a phase the run never reached ({@link PhaseSelection#unreached});</li>
 *   <li>a run that failed in a phase whose load was not valid, or whose failure the journal marks as
 *       the lab's own (phaseEnded's cause {@code lab}: its own work stopped advancing), or that a person
 *       interrupted, did not show Nacos failing: "the run completed" is inconclusive, not failed.</li>
 * </ul>
 * A criterion fails only on the phases it could judge; when they pass and others could not be judged,
 * it is inconclusive, naming each phase and why.
 */
public final class Evidence {

    /** Fewer samples of a node than this in a phase say too little of its instances or its CPU to judge. */
    public static final int MIN_NODE_SAMPLES = 3;
    /** Probe seconds covering less of a phase's whole seconds than this (%) leave its calls unjudged. */
    public static final double MIN_PROBE_COVERAGE_PERCENT = 80;

    private Evidence() {
    }

    /** "load flagged: the machine had 0.1% idle CPU" or "load not measured (no machine sample)"; empty when valid. */
    static Optional<String> load(PhaseSummary phase) {
        if (phase.load().valid()) {
            return Optional.empty();
        }
        return Optional.of((phase.load().problems().isEmpty() ? "load " : "load flagged: ") + phase.load().describe());
    }

    /** Why the phase's probe calls are too few to judge: none ended, or its seconds are not covered; empty when they are. */
    static Optional<String> probe(PhaseSummary phase) {
        if (phase.probe().ended() == 0) {
            return Optional.of("no probe call ended in it");
        }
        long whole = (long) Math.floor(phase.seconds());
        if (100.0 * phase.probeSeconds() < MIN_PROBE_COVERAGE_PERCENT * whole) {
            return Optional.of("probe seconds cover " + phase.probeSeconds() + " of its " + whole + " s (under "
                    + SummaryText.number(MIN_PROBE_COVERAGE_PERCENT) + "%)");
        }
        return Optional.empty();
    }

    /**
     * Why the phase's instance counts are too few to judge: a node answered fewer than the minimum; empty
     * when enough. A node's answers are counted in the phase's samples the journal holds, and its
     * phaseEnded tally may not claim more than those show: a tally without its samples is not evidence.
     */
    static Optional<String> instanceSamples(PhaseSummary phase) {
        if (phase.nodes().isEmpty()) {
            return Optional.of("no node answered an instance-count sample in it");
        }
        Map<Integer, Integer> answered = new TreeMap<>();
        phase.counts().forEach(c -> c.nodes().stream().filter(NodeSample::reachable)
                .forEach(n -> answered.merge(n.node(), 1, Integer::sum)));
        return phase.nodes().stream().filter(n -> answered(n, answered) < MIN_NODE_SAMPLES).findFirst()
                .map(n -> "node " + n.node() + " answered " + answered(n, answered) + " instance-count sample(s) (under "
                        + MIN_NODE_SAMPLES + ")");
    }

    /** The node's answered samples: its tally's, but no more than the journal's samples of the phase show. */
    private static int answered(NodeSummary node, Map<Integer, Integer> answered) {
        return Math.min(node.samples(), answered.getOrDefault(node.node(), 0));
    }

    /**
     * Which nodes did not answer some of the phase's instance-count samples, "node 2 did not answer 5 of
     * 20 instance-count samples in phase 14"; empty when every node answered every one, or in a rolling
     * server upgrade, whose restarts take each node down by design. A node that does not answer shows no
     * count, so no fall: whether it was down (Nacos) or the observer timed out on a saturated machine (the
     * lab), the journal cannot say, so a criterion over instance counts cannot pass on such a phase; it
     * is inconclusive, not failed ({@link Flapping}, {@link InstanceLossAtEnd}).
     */
    static Optional<String> unreachable(PhaseSummary phase) {
        if (PhaseStarted.ROLLING_SERVER_UPGRADE.equals(phase.kind())) {
            return Optional.empty();
        }
        Map<Integer, int[]> byNode = new TreeMap<>();   // node -> {unanswered, samples}
        phase.counts().forEach(c -> c.nodes().forEach(n -> {
            int[] tally = byNode.computeIfAbsent(n.node(), k -> new int[2]);
            tally[0] += n.reachable() ? 0 : 1;
            tally[1]++;
        }));
        phase.nodes().stream().filter(n -> n.unreachable() > 0).forEach(n -> byNode.merge(n.node(),
                new int[] {n.unreachable(), n.unreachable() + n.samples()},
                (counted, told) -> counted[0] >= told[0] ? counted : told));
        List<String> nodes = byNode.entrySet().stream().filter(e -> e.getValue()[0] > 0)
                .map(e -> "node " + e.getKey() + " did not answer " + e.getValue()[0] + " of " + e.getValue()[1]
                        + " instance-count samples in phase " + phase.index()).toList();
        return nodes.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", nodes));
    }

    /** Why the phase's CPU samples are too few to judge: a node has fewer than the minimum; empty when enough. */
    static Optional<String> cpuSamples(PhaseSummary phase) {
        if (phase.nodes().isEmpty()) {
            return Optional.of("no CPU sample of any node in it");
        }
        return phase.nodes().stream().filter(n -> n.cpuSamples() < MIN_NODE_SAMPLES).findFirst()
                .map(n -> "node " + n.node() + " has " + n.cpuSamples() + " CPU sample(s) (under " + MIN_NODE_SAMPLES
                        + ")");
    }

    /** Why no config was judged in the phase: no check at all, or none settled on a node; empty when one was. */
    static Optional<String> configChecks(PhaseSummary phase) {
        if (phase.configs() == null) {
            return Optional.of("no config check (the experiment has no configs section)");
        }
        return phase.configs().measured() ? Optional.empty()
                : Optional.of("no config check judged a config on a node");
    }

    /**
     * "the run completed": PASS when it did; INCONCLUSIVE when it stopped on the lab's limit (a phase
     * that failed or was aborted with its load not valid, or whose failure the journal marks as the lab's)
     * or was interrupted; FAIL otherwise (a node did not start, an upgrade did not finish, an abort
     * condition held on valid load).
     */
    static Verdict completion(RunSummary run) {
        String criterion = "the run completed";
        Optional<String> failure = run.failure();
        if (failure.isEmpty()) {
            return new Verdict(criterion, true, "the run " + run.outcome());
        }
        PhaseSummary stopped = run.phases().stream().filter(p -> !"done".equals(p.outcome())).findFirst().orElse(null);
        if (stopped != null && PhaseEnded.LAB.equals(stopped.cause())) {
            return Verdict.inconclusive(criterion, failure.get() + "; the lab's own work stopped advancing (cause: lab):"
                    + " the lab's limit, not Nacos's failure");
        }
        Optional<String> load = stopped == null ? Optional.empty() : load(stopped);
        if (load.isPresent() && !"interrupted".equals(stopped.outcome())) {
            return Verdict.inconclusive(criterion, failure.get() + "; phase " + stopped.index() + "'s " + load.get()
                    + ": the lab was the limit, not necessarily Nacos");
        }
        if ("interrupted".equals(run.outcome()) || stopped != null && "interrupted".equals(stopped.outcome())) {
            return Verdict.inconclusive(criterion, failure.get() + " (stopped, not failed: nothing shows Nacos failing)");
        }
        return new Verdict(criterion, false, failure.get());
    }
}
