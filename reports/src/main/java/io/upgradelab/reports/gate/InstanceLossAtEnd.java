package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.RunSummary;

/** When the run ended, every node listed all registered providers but at most {@code atMost}. */
@JsonTypeName("instanceLossAtEnd")
public record InstanceLossAtEnd(@JsonProperty(required = true) int atMost) implements Criterion {

    @Override
    public String describe() {
        return "instances lost at the end at most " + atMost;
    }

    @Override
    public Verdict judge(RunSummary run) {
        RunSummary.EndOfRun end = run.end();
        return new Verdict(describe(), !end.instancesPerNode().isEmpty() && end.lost() <= atMost,
                end.instancesPerNode().isEmpty() ? "no node was sampled in the last phase"
                        : end.lost() + " lost: " + end.registered() + " registered, nodes list " + end.instancesPerNode());
    }
}
