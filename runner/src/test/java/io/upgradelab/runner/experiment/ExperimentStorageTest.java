package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.Storage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * target.local.storage: embedded by default, mysql, nothing else; and where it was before target.local,
 * where it moved. Only the local backend has the section (ExperimentErrorsTest: one rule for every backend's).
 */
class ExperimentStorageTest {

    private static final String FILE = """
            name: storage
            target:
              version: 2.0.4
              nodes: 1
              local:
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
        assertThat(valid.experiment().target().local().storage()).isEqualTo(Storage.MYSQL);
        assertThat(valid.timeline().setUpTitle()).startsWith("start a standalone Nacos 2.0.4 on MySQL (a lab-managed MariaDB)");
        assertThat(files.load(FILE.replace("  local:\n    storage: mysql\n", "")).experiment().target().local().storage())
                .isEqualTo(Storage.EMBEDDED);
    }

    @Test
    void storageWhereItWasBeforeSaysWhereItMoved() {
        String text = FILE.replace("  local:\n    storage: mysql\n", "  storage: mysql\n");

        assertThat(files.errors(text)).containsExactly(files.file() + ":5: target.storage: target.storage moved to"
                + " target.local.storage: write it under target.local instead");
    }

    @Test
    void anUnknownStorageIsASchemaErrorAtItsLine() {
        assertThat(files.errors(FILE.replace("storage: mysql", "storage: postgresql"))).containsExactly(files.file()
                + ":6: target.local.storage: must be embedded (Nacos's own store) or mysql (a lab-managed local MariaDB),"
                + " not postgresql");
    }

    @Test
    void theSchemaStepIsTakenUnlessSkippedAndSkippingItNeedsMysql() {
        assertThat(files.load(FILE).experiment().target().local().schemaUpgrade()).isTrue();
        String skipped = FILE.replace("    storage: mysql\n", "    storage: mysql\n    schemaUpgrade: false\n");
        assertThat(files.load(skipped).experiment().target().local().schemaUpgrade()).isFalse();

        assertThat(files.errors(skipped.replace("    storage: mysql\n", "    storage: embedded\n")))
                .containsExactly(files.file() + ":7: target.local.schemaUpgrade: false skips the schema step of a shared"
                        + " database: needs storage: mysql (the embedded store's schema is each node's own)");
    }
}
