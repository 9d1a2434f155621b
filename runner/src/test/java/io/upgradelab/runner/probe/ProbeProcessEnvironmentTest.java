package io.upgradelab.runner.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.upgradelab.demo.ControlToken;

/** What the runner hands a probe it starts besides its command line: the run's control token, in the environment. */
class ProbeProcessEnvironmentTest {

    @Test
    void theRunsControlTokenGoesInTheEnvironment() {
        ControlToken token = ControlToken.generate();

        Map<String, String> environment = ProbeProcess.environment(new ProbeOptions("1.4.1", 100,
                Duration.ofSeconds(3), Duration.ofHours(1)), token);

        assertThat(environment).containsEntry("UPGRADE_LAB_CONTROL_TOKEN", token.value());
    }
}
