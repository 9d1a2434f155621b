package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.Optional;

/**
 * When the run ended, every node listed all registered providers but at most {@code atMost}, and none
 * listed more than were registered: a node listing every instance twice looks complete while half the
 * providers could be gone, so an over-count fails ({@link io.upgradelab.reports.OverCount}). A loss in a
 * last phase whose load was not valid may be the lab's (1.x providers whose beats the fleet could not
 * send expire): inconclusive, as is a run whose last phase sampled no node.
 */
@JsonTypeName("instanceLossAtEnd")
public record InstanceLossAtEnd(@JsonProperty(required = true) int atMost) implements Criterion {

    @Override
    public String describe() {
        return "instances lost at the end at most " + atMost;
    }

    @Override
    public Verdict judge(RunSummary run) {
        RunSummary.EndOfRun end = run.end();
        if (end.instancesPerNode().isEmpty()) {
            return Verdict.inconclusive(describe(), "no node was sampled in the last phase: nothing measured");
        }
        String measured = end.lost() + " lost: " + end.registered() + " registered, nodes list " + end.instancesPerNode();
        if (!end.overCounted().isEmpty()) {
            return new Verdict(describe(), false, measured + "; more than registered (" + String.join(", ",
                    end.overCounted()) + "): an over-count, behind which a loss would not show");
        }
        if (end.lost() <= atMost) {
            return new Verdict(describe(), true, measured);
        }
        Optional<String> load = run.phases().isEmpty() ? Optional.empty()
                : Evidence.load(run.phases().get(run.phases().size() - 1));
        return load.map(l -> Verdict.inconclusive(describe(), measured + "; the last phase's " + l
                + ": the loss may be the lab's")).orElse(new Verdict(describe(), false, measured));
    }
}
