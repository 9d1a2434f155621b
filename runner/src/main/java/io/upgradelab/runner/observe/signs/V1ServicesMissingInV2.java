package io.upgradelab.runner.observe.signs;

import io.upgradelab.journal.UpgradeSample;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node serves in 2.x mode ({@code upgraded=true}) while its v1 model holds services its v2 model
 * lacks ({@code service.V1.not.in.V2}): 2.x mode answers from v2, so clients no longer find them
 * (after a direct or an unfinished upgrade, alibaba/nacos #9815, #11420).
 */
final class V1ServicesMissingInV2 implements StateRule {

    @Override
    public Map<Integer, String> holding(ClusterState state) {
        Map<Integer, String> holding = new TreeMap<>();
        for (UpgradeSample u : state.upgrades().values()) {
            if (u.upgraded() && u.v1NotInV2() > 0) {
                holding.put(u.node(), "node " + u.node() + " serves in 2.x mode with " + u.v1NotInV2()
                        + " service(s) of its v1 model missing from v2 (service.V1.not.in.V2)");
            }
        }
        return holding;
    }
}
