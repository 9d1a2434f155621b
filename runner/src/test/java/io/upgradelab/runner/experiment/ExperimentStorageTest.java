package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** target.storage: embedded by default, mysql on the local backend only, nothing else. */
class ExperimentStorageTest {

    private static final String FILE = """
            name: storage
            target:
              version: 2.0.4
              nodes: 1
              storage: mysql
            phases:
              - kind: rollingServerUpgrade
                to: 2.3.2
            """;

    @TempDir
    Path dir;

    NacosDistributions distributions;

    @BeforeEach
    void distributions() throws IOException {
        distributions = FakeDistributions.scan(dir.resolve("dist"), "2.0.4", "2.3.2");
    }

    @Test
    void mysqlIsBoundOnTheLocalBackendAndEmbeddedIsTheDefault() throws IOException {
        ValidatedExperiment valid = Experiments.load(write(FILE), null, distributions);
        assertThat(valid.experiment().target().storage()).isEqualTo(Storage.MYSQL);
        assertThat(valid.timeline().setUpTitle()).startsWith("start a standalone Nacos 2.0.4 on MySQL (a lab-managed MariaDB)");
        assertThat(Experiments.load(write(FILE.replace("  storage: mysql\n", "")), null, distributions)
                .experiment().target().storage()).isEqualTo(Storage.EMBEDDED);
    }

    @Test
    void otherBackendsRefuseMysqlAtItsLine() throws IOException {
        String text = FILE.replace("  nodes: 1\n", "  nodes: 1\n  backend: testcontainers\n");

        assertThat(errors(text)).containsExactly(file() + ":6: target.storage: storage mysql runs on backend local"
                + " only (a lab-managed local MariaDB); backend testcontainers does not manage a database beside its"
                + " nodes: remove 'storage', or use backend local");
    }

    @Test
    void anUnknownStorageIsASchemaErrorAtItsLine() throws IOException {
        assertThat(errors(FILE.replace("storage: mysql", "storage: postgresql"))).containsExactly(file()
                + ":5: target.storage: must be embedded (Nacos's own store) or mysql (a lab-managed local MariaDB),"
                + " not postgresql");
    }

    private Path file() {
        return dir.resolve("storage.yaml");
    }

    private Path write(String text) throws IOException {
        return Files.writeString(file(), text);
    }

    private List<String> errors(String text) throws IOException {
        return InvalidExperiments.errors(write(text), distributions);
    }
}
