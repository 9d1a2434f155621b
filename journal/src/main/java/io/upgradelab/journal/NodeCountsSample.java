package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The nodeCounts observer's sample: every node's own view of the registry at one moment, and what
 * the nodes should hold then.
 *
 * @param expected the providers registered for at least two observation intervals (the smallest
 *                 registered count of this round and the two before), against which a node's count
 *                 is judged; null in journals written before it was recorded, whose flapping can
 *                 only be read from the runner's own tallies (phaseEnded)
 */
@LineType(value = "sample", observer = "nodeCounts")
public record NodeCountsSample(List<NodeSample> nodes, @JsonInclude(JsonInclude.Include.NON_NULL) Integer expected) {

    public NodeCountsSample {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** A sample without the expected count. */
    public NodeCountsSample(List<NodeSample> nodes) {
        this(nodes, null);
    }
}
