package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A fault's step on a node, journalled when it is done (paused, resumed, stopped, started, disturbed,
 * restored), so the report can lay the consumers' errors beside the moment the fault began and ended.
 *
 * @param fault   the fault's name, e.g. {@code pauseNode}
 * @param node    the node it acts on
 * @param action  what was just done to it
 * @param network the network disturbance, as worded, for a network fault's {@code disturbed} step; else absent
 */
@LineType("fault")
public record FaultEvent(String fault, int node, String action,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String network) {

    /** A step of a fault that is not a network disturbance. */
    public FaultEvent(String fault, int node, String action) {
        this(fault, node, action, null);
    }
}
