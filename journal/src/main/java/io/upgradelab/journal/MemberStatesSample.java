package io.upgradelab.journal;

import java.util.List;
import java.util.Map;

/**
 * The member-states observer's sample: how each node sees its peers this round, so a split (a node that
 * sees a peer DOWN that the others see UP) shows in the journal where it happened.
 *
 * @param views one per node that answered
 */
@LineType(value = "sample", observer = "memberStates")
public record MemberStatesSample(List<View> views) {

    /**
     * One node's view.
     *
     * @param node    the answering node's number
     * @param members each member's state, by member number (from 1); a member it does not list is absent
     */
    public record View(int node, Map<Integer, String> members) {
    }
}
