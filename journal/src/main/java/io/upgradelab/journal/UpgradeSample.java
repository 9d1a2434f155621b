package io.upgradelab.journal;

/**
 * A 2.x node's upgrade status ({@code /nacos/v1/ns/upgrade/ops/metrics}): whether it still
 * double-writes the 1.x and 2.x data models and what each model holds. A 1.x node has none. Journalled
 * in an {@link UpgradeStatusSample} and with the warnings of an upgrade that did not finish.
 *
 * @param v1NotInV2 services its v1 model holds and its v2 model does not ({@code service.V1.not.in.V2});
 *                  once the node serves in 2.x mode, those are services its clients no longer find
 */
public record UpgradeSample(int node, boolean upgraded, boolean all20XVersion, boolean doubleWrite,
                            int serviceCountV1, int instanceCountV1, int serviceCountV2, int instanceCountV2,
                            int v1NotInV2) {

    /** A sample that says nothing of the services in one model only. */
    public UpgradeSample(int node, boolean upgraded, boolean all20XVersion, boolean doubleWrite, int serviceCountV1,
                         int instanceCountV1, int serviceCountV2, int instanceCountV2) {
        this(node, upgraded, all20XVersion, doubleWrite, serviceCountV1, instanceCountV1, serviceCountV2,
                instanceCountV2, 0);
    }
}
