package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.html.RunTimeline;
import java.util.List;
import java.util.Optional;

/**
 * Every node's CPU p95 (% of one core, over a phase's samples) at most {@code atMostPercent} in each of
 * the phases named (or every phase); the figure names the highest node and phase. A phase where a node
 * has fewer than {@value Evidence#MIN_NODE_SAMPLES} CPU samples is not judged: CPU never sampled is not
 * 0% ({@link Evidence#cpuSamples}). A p95 that is not a number is the highest: it fails, never drops out.
 */
@JsonTypeName("cpuP95")
public record CpuP95(@JsonProperty(required = true) double atMostPercent, List<String> phases) implements PhaseCriterion {

    @Override
    public String describe() {
        return "CPU p95 per node at most " + atMostPercent + "%" + where();
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.cpuSamples(phase);
    }

    /** It reads the nodes' CPU samples for the interval of its p95 ({@link Measure#percentile}). */
    @Override
    public boolean readsSamples() {
        return true;
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> judged) {
        return judge(Subject.of(run), judged);
    }

    @Override
    public Verdict judge(Subject subject, List<PhaseSummary> judged) {
        double worst = -1;
        PhaseSummary worstPhase = judged.get(0);
        NodeSummary worstNode = null;
        for (PhaseSummary phase : judged) {
            for (NodeSummary node : phase.nodes()) {
                if (Figures.worseThan(node.p95CpuPercent(), worst)) {
                    worst = node.p95CpuPercent();
                    worstPhase = phase;
                    worstNode = node;
                }
            }
        }
        String where = worstNode == null ? "" : "node " + worstNode.node() + " in phase " + worstPhase.index();
        String of = "CPU samples of " + where + ", the highest p95";
        Measure measure = worstNode == null ? Measure.count(worst, "%", bound(), 0, "CPU samples")
                : subject.timeline() == null
                ? Measure.withoutInterval(worst, "%", bound(), worstNode.cpuSamples(), of, "samples not read")
                : Measure.percentile(worst, samples(subject.timeline(), worstPhase, worstNode), 0.95, "%", bound(), of);
        return Verdict.of(describe(), worst <= atMostPercent, measure, Double.isNaN(worst)
                ? "not a number, which never passes" : "");
    }

    private Bound bound() {
        return Bound.atMost(atMostPercent, "at most " + atMostPercent + " %");
    }

    /** The node's CPU samples within the phase. */
    private static double[] samples(RunTimeline timeline, PhaseSummary phase, NodeSummary node) {
        RunTimeline.PhaseBand band = timeline.phases().stream().filter(b -> b.index() == phase.index()).findFirst()
                .orElse(null);
        return timeline.cpu().stream().filter(s -> s.name().equals("node " + node.node())).flatMap(s -> s.points().stream())
                .filter(p -> band != null && p.seconds() >= band.from() && p.seconds() <= band.to())
                .mapToDouble(RunTimeline.Point::value).toArray();
    }
}
