package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Nacos 3.2 removed the v1 API nacos-client 1.x speaks: a file that would reach a 3.2 server with a 1.x
 * client still on it is refused where the version is named, and one that moves its clients first is not.
 */
class ExperimentThreeTwoTest {

    private static final String FLEET_ON_ONE_X = """
            name: three-two
            target:
              version: 2.3.2
              nodes: 1
            fleet:
              client: 1x
            probe:
              client: 2.5.1
            phases:
              - kind: rampTo
                providers: 20
              - kind: rollingServerUpgrade
                to: 3.2.4
            """;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("2.3.2", "3.2.4").withClients("1.4.1", "2.5.1", "3.1.1");

    @Test
    void aFleetStillOnOneXIsRefusedAtTheUpgradeThatReachesThreeTwo() {
        assertThat(files.errors(FLEET_ON_ONE_X)).containsExactly(files.file() + ":13: phase 2.to: Nacos 3.2.4 has no"
                + " v1 API (3.2 removed it), which the fleet's nacos-client 1.4.1 calls: upgrade the fleet's clients to"
                + " 2.x or later first");
    }

    @Test
    void aFleetMovedToTwoXFirstReachesThreeTwo() {
        String movedFirst = FLEET_ON_ONE_X.replace("  - kind: rollingServerUpgrade\n",
                "  - kind: rollingClientUpgrade\n    to: 2.5.1\n  - kind: rollingServerUpgrade\n");
        assertThat(files.load(movedFirst).timeline().phases()).hasSize(3);
    }

    @Test
    void aOneXProbeOrConfigListenerIsRefusedWhereverThreeTwoComes() {
        String probe = FLEET_ON_ONE_X.replace("  client: 1x\n", "  client: 2.5.1\n").replace("  client: 2.5.1\nphases",
                "  client: 1x\nphases");
        assertThat(files.errors(probe)).containsExactly(files.file() + ":13: phase 2.to: Nacos 3.2.4 has no v1 API"
                + " (3.2 removed it), which nacos-client 1.x calls: the probe runs 1.4.1 (nacos-client 2.x or later"
                + " there)");
    }
}
