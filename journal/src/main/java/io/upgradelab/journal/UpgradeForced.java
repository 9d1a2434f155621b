package io.upgradelab.journal;

import java.util.List;

/**
 * {@code upgraded=true} did not come by itself and came once the lab turned double write off node by node
 * (alibaba/nacos #5638, #10293): the upgrade finished, but only by an operator's hand.
 *
 * @param nodes   the nodes double write was turned off on, in that order
 * @param message what happened, as the report says it
 */
@LineType("upgradeForced")
public record UpgradeForced(List<Integer> nodes, String message) {
}
