package io.upgradelab.runner.observe;

/**
 * A 2.x node's upgrade status ({@code /nacos/v1/ns/upgrade/ops/metrics}): whether it still
 * double-writes the 1.x and 2.x data models and what each model holds. A 1.x node has none.
 */
public record UpgradeSample(int node, boolean upgraded, boolean all20XVersion, boolean doubleWrite,
                            int serviceCountV1, int instanceCountV1, int serviceCountV2, int instanceCountV2) {
}
