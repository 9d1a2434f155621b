package io.upgradelab.runner.backend.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.backend.CredentialsSource;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the Nacos user is read from, and what is said when it is not there. */
class CredentialsReaderTest {

    @TempDir
    Path directory;

    @Test
    void missingCredentialsAreNamedNotGuessed() {
        CredentialsSource fromEnvironment = new CredentialsSource("UPGRADE_LAB_IT_USER", "UPGRADE_LAB_IT_PASSWORD", null);
        assertThatThrownBy(() -> CredentialsReader.read(fromEnvironment, Map.of()))
                .hasMessageContaining("UPGRADE_LAB_IT_USER is not set");
        assertThatThrownBy(() -> CredentialsReader.read(fromEnvironment, Map.of("UPGRADE_LAB_IT_USER", "nacos")))
                .hasMessageContaining("UPGRADE_LAB_IT_PASSWORD is not set");
        assertThat(CredentialsReader.read(fromEnvironment,
                Map.of("UPGRADE_LAB_IT_USER", "nacos", "UPGRADE_LAB_IT_PASSWORD", "secret")).username()).isEqualTo("nacos");
        assertThatThrownBy(() -> CredentialsReader.read(new CredentialsSource(null, null,
                directory.resolve("absent.properties").toString()), Map.of())).hasMessageContaining("cannot read");
    }
}
