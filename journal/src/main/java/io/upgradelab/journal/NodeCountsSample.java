package io.upgradelab.journal;

import java.util.List;

/** The nodeCounts observer's sample: every node's own view of the registry at one moment. */
@LineType(value = "sample", observer = "nodeCounts")
public record NodeCountsSample(List<NodeSample> nodes) {

    public NodeCountsSample {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }
}
