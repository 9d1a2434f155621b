package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.FlappingTally;
import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.Tolerance;
import io.upgradelab.reports.OverCount;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * At most {@code atMost} flapping events (a node's instance count falling below the expected count,
 * or below it from the phase's start; see docs/guide/journal-and-reports.md) over all nodes, over the
 * phases named (or all) together. A node listing more than was registered ({@link OverCount}) is a
 * finding too, not a stable node: each stretch of its samples over the registered count by more than
 * the tolerance counts as one event, as a fall does. A phase where a node answered fewer than
 * {@value Evidence#MIN_NODE_SAMPLES} samples is not judged ({@link Evidence#instanceSamples}), and one where a
 * node did not answer some samples cannot pass ({@link #judge(RunSummary, RunSummary)}).
 *
 * <p>A node is below when it misses more than the tolerance: {@code toleranceInstances} providers or
 * {@code tolerancePercent} of the expected count, whichever is larger; none by default, so one client
 * of 100 lost (140 of 14000 providers, 1%) is caught. The expected count is already what was registered
 * for two observation intervals, so a registration still propagating is not a fall. The count is made
 * again from the journal's samples with this tolerance; a journal from before samples carried their
 * expected count is judged on the runner's own tallies (1%), and the verdict says so.
 */
@JsonTypeName("flapping")
public record Flapping(@JsonProperty(required = true) int atMost, List<String> phases,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer toleranceInstances,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double tolerancePercent) implements PhaseCriterion {

    /** At most {@code atMost} events with no tolerance. */
    public Flapping(int atMost, List<String> phases) {
        this(atMost, phases, null, null);
    }

    /** Over-count findings the figure names; the report's over-count list has them all. */
    private static final int FINDINGS_SHOWN = 6;

    @Override
    public String describe() {
        return "flapping events (falls below the expected instance count, or more listed than registered) at most "
                + atMost + together() + (tolerant() ? ", tolerating " + tolerance().describe() : "");
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.instanceSamples(phase);
    }

    /**
     * As every criterion over phases judges, and then: a judged phase where a node did not answer some
     * samples (outside a rolling server upgrade's restarts, {@link Evidence#unreachable}) cannot pass, as a
     * fall while it did not answer would not show. It is inconclusive rather than failed: the journal
     * cannot tell a node that was down from an observer that timed out on a saturated machine, and the
     * lab's limits never read as Nacos's failure. Events counted where the node did answer still fail it.
     */
    @Override
    public Verdict judge(Subject subject) {
        RunSummary run = subject.run();
        Verdict verdict = PhaseCriterion.super.judge(subject);
        List<String> unanswered = PhaseSelection.of(phases).of(run).stream()
                .filter(p -> notJudged(run, p).isEmpty()).map(Evidence::unreachable)
                .flatMap(Optional::stream).toList();
        if (unanswered.isEmpty()) {
            return verdict;
        }
        String why = String.join("; ", unanswered) + ": a fall while a node did not answer would not show";
        if (verdict.failed()) {
            return verdict.noting(why);
        }
        return Verdict.inconclusive(describe(), why + "; " + (verdict.inconclusive() ? "" : "counted: ")
                + verdict.measured());
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        boolean recounted = judged.stream().allMatch(Flapping::recountable);
        int falls = judged.stream().mapToInt(p -> recounted ? recount(p, tolerance()) : recorded(p)).sum();
        int over = judged.stream().mapToInt(p -> overCounts(p, tolerance())).sum();
        String how = recounted ? "tolerating " + tolerance().describe()
                : tolerant() ? "the runner's 1% tolerance: the journal's samples lack their expected count" : "";
        long samples = judged.stream().mapToLong(p -> p.counts().size()).sum();
        return Verdict.of(describe(), falls + over <= atMost, Measure.count(falls + over, "flapping events",
                Bound.atMost(atMost), samples, "instance-count samples"), how
                + (over == 0 ? "" : (how.isEmpty() ? "" : "; ") + over + " of them over the registered count: " + overFindings(judged)));
    }

    /**
     * The phase's over-counts beyond {@code tolerance} (listing more than registered by more than it
     * allows, as a fall misses more): each node's stretch of consecutive samples over counts once.
     */
    static int overCounts(PhaseSummary phase, Tolerance tolerance) {
        Map<Integer, Integer> lastRound = new HashMap<>();
        int events = 0;
        for (OverCount sample : beyond(phase, tolerance)) {
            Integer last = lastRound.put(sample.node(), sample.round());
            if (last == null || last != sample.round() - 1) {
                events++;
            }
        }
        return events;
    }

    private static List<OverCount> beyond(PhaseSummary phase, Tolerance tolerance) {
        return phase.overSamples().stream().filter(o -> o.excess()
                > Math.max(tolerance.instances(), o.registered() * tolerance.percent() / 100)).toList();
    }

    /** "phase 4: node 1 listed up to 404 of 202 registered for 25 s (6 samples from 196 s); ...". */
    private String overFindings(List<PhaseSummary> judged) {
        List<String> findings = new ArrayList<>();
        judged.forEach(p -> OverCount.findings(beyond(p, tolerance()))
                .forEach(f -> findings.add("phase " + p.index() + ": " + f.describe())));
        return String.join("; ", findings.subList(0, Math.min(FINDINGS_SHOWN, findings.size())))
                + (findings.size() > FINDINGS_SHOWN ? "; ... (" + findings.size() + " in all; the report lists them)" : "");
    }

    private boolean tolerant() {
        return toleranceInstances != null || tolerancePercent != null;
    }

    private Tolerance tolerance() {
        return new Tolerance(toleranceInstances == null ? 0 : toleranceInstances,
                tolerancePercent == null ? 0 : tolerancePercent);
    }

    /** Whether every sample of the phase carries its expected count, so it can be counted again. */
    private static boolean recountable(PhaseSummary phase) {
        return !phase.counts().isEmpty() && phase.counts().stream().allMatch(c -> c.expected() != null);
    }

    /** The phase's flapping events as the runner tallied them. */
    private static int recorded(PhaseSummary phase) {
        return phase.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum();
    }

    /** The phase's flapping events counted again from its samples with {@code tolerance}. */
    static int recount(PhaseSummary phase, Tolerance tolerance) {
        Map<Integer, FlappingTally> nodes = new TreeMap<>();
        for (NodeCountsSample sample : phase.counts()) {
            for (NodeSample node : sample.nodes()) {
                if (node.reachable()) {
                    nodes.computeIfAbsent(node.node(), n -> new FlappingTally(tolerance)).add(node.instances(),
                            sample.expected());
                }
            }
        }
        return nodes.values().stream().mapToInt(FlappingTally::events).sum();
    }
}
