package io.upgradelab.runner.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.upgradelab.demo.ControlToken;

/** What the runner hands a fleet it starts besides its command line: the run's control token, in the environment. */
class FleetProcessEnvironmentTest {

    @Test
    void theRunsControlTokenGoesInTheEnvironment() {
        ControlToken token = ControlToken.generate();

        Map<String, String> environment = FleetProcess.environment(FleetSettings.forServers("127.0.0.11:8848"), token);

        assertThat(environment).containsEntry("UPGRADE_LAB_CONTROL_TOKEN", token.value());
    }
}
