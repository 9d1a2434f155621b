package io.upgradelab.reports.gate;

import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.SummaryText;
import java.util.Optional;

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
 *       (the CPU criteria) in it; no config check that judged a config on a node (configIntact);</li>
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

    /** Why the phase's instance counts are too few to judge: a node answered fewer than the minimum; empty when enough. */
    static Optional<String> instanceSamples(PhaseSummary phase) {
        if (phase.nodes().isEmpty()) {
            return Optional.of("no node answered an instance-count sample in it");
        }
        return phase.nodes().stream().filter(n -> n.samples() < MIN_NODE_SAMPLES).findFirst()
                .map(n -> "node " + n.node() + " answered " + n.samples() + " instance-count sample(s) (under "
                        + MIN_NODE_SAMPLES + ")");
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
