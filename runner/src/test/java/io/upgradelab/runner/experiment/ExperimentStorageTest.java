package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.Storage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("2.0.4", "2.3.2");

    @Test
    void mysqlIsBoundOnTheLocalBackendAndEmbeddedIsTheDefault() {
        ValidatedExperiment valid = files.load(FILE);
        assertThat(valid.experiment().target().storage()).isEqualTo(Storage.MYSQL);
        assertThat(valid.timeline().setUpTitle()).startsWith("start a standalone Nacos 2.0.4 on MySQL (a lab-managed MariaDB)");
        assertThat(files.load(FILE.replace("  storage: mysql\n", "")).experiment().target().storage())
                .isEqualTo(Storage.EMBEDDED);
    }

    @Test
    void otherBackendsRefuseMysqlAtItsLine() {
        String text = FILE.replace("  nodes: 1\n", "  nodes: 1\n  backend: testcontainers\n");

        assertThat(files.errors(text)).containsExactly(files.file() + ":6: target.storage: storage mysql runs on"
                + " backend local only (a lab-managed local MariaDB); backend testcontainers does not manage a database"
                + " beside its nodes: remove 'storage', or use backend local");
    }

    @Test
    void anUnknownStorageIsASchemaErrorAtItsLine() {
        assertThat(files.errors(FILE.replace("storage: mysql", "storage: postgresql"))).containsExactly(files.file()
                + ":5: target.storage: must be embedded (Nacos's own store) or mysql (a lab-managed local MariaDB),"
                + " not postgresql");
    }
}
