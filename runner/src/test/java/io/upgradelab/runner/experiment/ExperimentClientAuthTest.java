package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A client-auth setting that could not act is refused at its line: a fleet kept from logging in where no
 * node asks for a user, or only the 3.x nodes checking in a run that has none; the same settings where
 * they act are taken.
 */
class ExperimentClientAuthTest {

    private static final String NO_USER_FLEET = """
            name: client-auth
            target:
              version: 2.3.2
              nodes: 1
              local:
                clientAuth: threeXNodes
            fleet:
              client: 2.5.1
              logsIn: false
            probe:
              client: 2.5.1
            phases:
              - kind: rampTo
                providers: 20
              - kind: rollingServerUpgrade
                to: 3.1.0
            """;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("2.3.2", "3.1.0").withClients("2.5.1", "3.1.1");

    @Test
    void aFleetWithoutAUserMeetingThreeXNodesThatCheckIsTaken() {
        assertThat(files.load(NO_USER_FLEET).timeline().phases()).hasSize(2);
    }

    @Test
    void aFleetKeptFromLoggingInWhereNoNodeAsksIsRefused() {
        String noAuth = NO_USER_FLEET.replace("  local:\n    clientAuth: threeXNodes\n", "");
        assertThat(files.errors(noAuth)).containsExactly(files.file() + ":7: fleet.logsIn: false changes nothing here:"
                + " no node asks the clients for a user (target.local.clientAuth is off: everyNode or threeXNodes)");
    }

    @Test
    void onlyTheThreeXNodesCheckingIsRefusedInARunWithoutThreeX() {
        String twoX = NO_USER_FLEET.replace("  - kind: rollingServerUpgrade\n    to: 3.1.0\n", "");
        assertThat(files.errors(twoX)).containsExactly(files.file() + ":6: target.local.clientAuth: threeXNodes changes"
                + " nothing here: no node runs 3.x (target.version 2.3.2, and no rollingServerUpgrade to 3.x): everyNode,"
                + " or upgrade to 3.x");
    }
}
