package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NamespaceMigration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines as Nacos 3.1.0 logged them here (runs/server-paths, 2.3.2 to 3.1.0 on the embedded store). */
class NamespaceMigrationLogTest {

    private static final List<String> FIRST_START = List.of(
            "2026-11-29 07:40:47,920 INFO [migrate] start migrate config namespace",
            "2026-11-29 07:40:53,360 INFO [migrate] migrating config namespace from empty to public, finished:22",
            "2026-11-29 07:40:53,487 INFO [migrate] syncing config namespace from empty to public, finished:3",
            "2026-11-29 07:40:53,507 INFO [migrate] syncing config namespace from public to empty, finished:1",
            "2026-11-29 07:40:53,537 INFO [migrate] migrating config gray namespace from empty to public, finished:2",
            "2026-11-29 07:40:53,562 INFO [migrate] syncing config gray namespace from empty to public, finished:0",
            "2026-11-29 07:40:53,573 INFO [migrate] syncing config gray namespace from public to empty, finished:0",
            "2026-11-29 07:40:53,573 INFO [migrate] finish migrate config namespacetotal time taken: 5653 ms");

    @Test
    void eachStageCountsItsLastRunningTotal() {
        assertThat(NamespaceMigrationLog.parse(1, "3.1.0", FIRST_START))
                .contains(new NamespaceMigration(1, "3.1.0", 22, 4, 2, 5653));
    }

    @Test
    void aStageLoggedInBatchesCountsItsLastTotalNotTheirSum() {
        List<String> batches = List.of(
                "INFO [migrate] start migrate config namespace",
                "INFO [migrate] migrating config namespace from empty to public, finished:100",
                "INFO [migrate] migrating config namespace from empty to public, finished:200",
                "INFO [migrate] migrating config namespace from empty to public, finished:250",
                "INFO [migrate] finish migrate config namespacetotal time taken: 812 ms");
        assertThat(NamespaceMigrationLog.parse(2, "3.1.0", batches)).get()
                .extracting(NamespaceMigration::configsCopied).isEqualTo(250);
    }

    @Test
    void aRestartReportsItsOwnMigrationNotTheFirst() {
        List<String> twice = new java.util.ArrayList<>(FIRST_START);
        twice.addAll(List.of(
                "INFO [migrate] start migrate config namespace",
                "INFO [migrate] migrating config namespace from empty to public, finished:0",
                "INFO [migrate] finish migrate config namespacetotal time taken: 39 ms"));
        assertThat(NamespaceMigrationLog.parse(1, "3.1.0", twice)).contains(new NamespaceMigration(1, "3.1.0", 0, 0, 0, 39));
    }

    @Test
    void aMigrationRefusedByItsPreCheckNeverFinishes() {
        List<String> refused = List.of(
                "ERROR [migrate] config_info conflict count=3",
                "ERROR Nacos failed to start: [migrate] config_info namespace migrate pre check failed");
        assertThat(NamespaceMigrationLog.parse(1, "3.1.0", refused)).isEmpty();
    }

    @Test
    void aNodeWithoutTheLogOrTheLinesReportsNone(@TempDir Path dir) throws IOException {
        assertThat(NamespaceMigrationLog.following(1, "3.1.0", dir).migration()).isEmpty();
        NamespaceMigrationLog plain = NamespaceMigrationLog.following(1, "3.1.0", dir);
        Files.writeString(dir.resolve("nacos.log"), "INFO Nacos started successfully in cluster mode\n");
        assertThat(plain.migration()).isEmpty();
        NamespaceMigrationLog restart = NamespaceMigrationLog.following(3, "3.1.0", dir);
        Files.write(dir.resolve("nacos.log"), FIRST_START, StandardOpenOption.APPEND);
        assertThat(restart.migration()).get().extracting(NamespaceMigration::millis).isEqualTo(5653L);
    }

    @Test
    void whatTheLogHeldBeforeItWasFollowedIsNotReadAgain(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("nacos.log"), FIRST_START);
        assertThat(NamespaceMigrationLog.following(1, "3.1.0", dir).migration()).isEmpty();
    }
}
