package io.upgradelab.journal;

import java.util.List;

/** The nodeResources observer's sample: every node's CPU since its previous sample, and its memory. */
@LineType(value = "sample", observer = "nodeResources")
public record NodeResourcesSample(List<ResourceSample> nodes) {

    public NodeResourcesSample {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }
}
