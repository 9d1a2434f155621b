package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which member versions a node may see during a rolling upgrade and still count the cluster as formed. */
class ClusterFormationTest {

    @Test
    void aMemberMustBeSeenAtTheVersionItRuns() {
        assertThat(ClusterFormation.seesVersion("2.0.4", "2.0.4", "2.0.4")).isTrue();
        assertThat(ClusterFormation.seesVersion("2.0.4", "1.4.1", "2.0.4")).isFalse();
        assertThat(ClusterFormation.seesVersion("1.4.1", "1.4.1", "2.0.4")).isFalse();
    }

    @Test
    void anOlderTwoXPeerMayKeepTheOldVersionOfANewerMember() {
        assertThat(ClusterFormation.seesVersion("2.0.4", "2.0.4", "2.3.2")).isTrue();
        assertThat(ClusterFormation.seesVersion("2.3.2", "2.0.4", "2.3.2")).isFalse();
        assertThat(ClusterFormation.seesVersion("2.3.2", "2.3.2", "2.0.4")).isFalse();
    }
}
