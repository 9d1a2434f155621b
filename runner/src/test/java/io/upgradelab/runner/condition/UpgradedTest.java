package io.upgradelab.runner.condition;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.journal.UpgradeSample;
import org.junit.jupiter.api.Test;

/** When a cluster counts as serving 2.x clients, for the mixes of versions a multi-hop upgrade goes through. */
class UpgradedTest {

    @Test
    void twoZeroNodesHoldItOnlyOnceEachReportsUpgraded() {
        Observations now = nodes("2.0.4", "2.0.4");
        now.put(upgrade(1, true));
        assertThat(new Upgraded().holds(now)).isFalse();
        now.put(upgrade(2, true));
        assertThat(new Upgraded().holds(now)).isTrue();
    }

    @Test
    void nodesWithoutTheCompatibilityModeHoldItWheneverTheyAnswer() {
        Observations now = nodes("2.0.4", "2.3.2", "2.3.2");
        now.put(upgrade(1, true));
        assertThat(new Upgraded().holds(now)).isTrue();
        now.put(NodeSample.unreachable(3, "2.3.2", "connection refused"));
        assertThat(new Upgraded().holds(now)).isFalse();
    }

    @Test
    void aOneXNodeNeverHoldsIt() {
        assertThat(new Upgraded().holds(nodes("1.4.1", "2.2.3"))).isFalse();
        assertThat(new Upgraded().holds(new Observations())).isFalse();
    }

    private static Observations nodes(String... versions) {
        Observations now = new Observations();
        for (int n = 1; n <= versions.length; n++) {
            now.put(new NodeSample(n, versions[n - 1], true, 1, 1, 1, 0, 0, null));
        }
        return now;
    }

    private static UpgradeSample upgrade(int node, boolean upgraded) {
        return new UpgradeSample(node, upgraded, true, true, 1, 1, 1, 1);
    }
}
