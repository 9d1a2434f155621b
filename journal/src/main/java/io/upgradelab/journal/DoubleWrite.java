package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A 2.0/2.1 node's double write of the 1.x and 2.x data models: as it stood after the node's upgrade step
 * (with the models' instance counts), or turned off by the lab (with why). Whether the mixed cluster still
 * double-writes is what its CPU and {@code upgraded=true} depend on.
 *
 * @param node            the node
 * @param enabled         whether it double-writes
 * @param action          what the lab did, when it turned it off; else absent
 * @param upgraded        whether the node reports upgraded=true; absent when the lab turned double write off
 * @param instanceCountV1 instances in the 1.x model; absent when the lab turned double write off
 * @param instanceCountV2 instances in the 2.x model; absent when the lab turned double write off
 */
@LineType("doubleWrite")
public record DoubleWrite(int node, boolean enabled, @JsonInclude(JsonInclude.Include.NON_NULL) String action,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean upgraded,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer instanceCountV1,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Integer instanceCountV2) {

    /** The node's double write and models as its upgrade metrics said. */
    public static DoubleWrite observed(int node, boolean enabled, boolean upgraded, int instanceCountV1,
                                       int instanceCountV2) {
        return new DoubleWrite(node, enabled, null, upgraded, instanceCountV1, instanceCountV2);
    }

    /** Double write turned off on the node by the lab, for the reason {@code action} says. */
    public static DoubleWrite turnedOff(int node, String action) {
        return new DoubleWrite(node, false, action, null, null, null);
    }
}
