package io.upgradelab.journal;

import java.util.List;

/**
 * The upgrade-status observer's sample: each 2.x node's double write and data models this round, from
 * which the report and the failure signs tell when {@code upgraded=true} came and whether the models agree.
 *
 * @param nodes the 2.0 and 2.1 nodes that answered (a 1.x node and a node from 2.2 on have no status)
 */
@LineType(value = "sample", observer = "upgradeStatus")
public record UpgradeStatusSample(List<UpgradeSample> nodes) {
}
