package io.upgradelab.runner.backend.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.backend.CredentialsSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
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
                directory.resolve("absent.properties").toString()), Map.of()))
                .hasMessageContaining("target.external.credentials.file: " + directory.resolve("absent.properties")
                        + " does not exist");
    }

    @Test
    void anEmptyPasswordIsAPassword() {
        assertThat(CredentialsReader.problem(new CredentialsSource(null, null, null),
                Map.of("NACOS_USERNAME", "nacos", "NACOS_PASSWORD", ""))).as("an empty password is a password").isEmpty();
    }

    @Test
    void anUnreadableFileIsSaidSoWithoutItsText() throws Exception {
        Path file = Files.writeString(directory.resolve("nacos.properties"), "username=nacos\npassword=never-shown\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
        Assumptions.assumeFalse(Files.isReadable(file), "root reads any file");
        CredentialsSource source = new CredentialsSource(null, null, file.toString());
        assertThat(CredentialsReader.problem(source, Map.of())).contains(new CredentialsReader.Problem(
                "credentials/file", "cannot read " + file + ": permission denied"));
    }
}
