package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.ServedConfig;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target.storage: mysql} on real servers: the local backend starts a real MariaDB on loopback
 * with Nacos 2.0.4's own schema and a 2.0.4 node on it, whose config lands in MariaDB; the schema
 * upgrade to 2.3.2 adds the columns 2.2 introduced; the node upgraded to 2.3.2 serves the config
 * published on 2.0.4 and writes a new one; closing stops MariaDB by its PID.
 */
class MysqlStorageIT {

    private static final String GROUP = "UPGRADE_LAB_IT";
    private static final List<String> ENCRYPTED_KEY_TABLES = List.of("config_info", "config_info_beta", "his_config_info");

    @TempDir
    Path runDirectory;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void a204NodeKeepsItsConfigsInMariaDbAndThe232SchemaUpgradeAddsTheEncryptedDataKeyColumns() throws Exception {
        int firstPort = LocalClusterSpec.firstFreePort(1, 21000);
        Target target = new Target("local", "2.0.4", 1, firstPort, "512m", null, null, null, Map.of(), Storage.MYSQL);
        LocalDatabase database;
        try (Backend backend = new LocalBackend().open(target, runDirectory, System.out::println)) {
            LocalCluster cluster = (LocalCluster) backend;
            database = cluster.database().orElseThrow();
            assertThat(database.port()).isEqualTo(firstPort + LocalDatabase.PORT_OFFSET);
            assertThat(ListeningSockets.read().ownedBy(database.pid())).isNotEmpty()
                    .allSatisfy(s -> assertThat(s.isLoopback()).as("%s", s).isTrue());
            assertThat(Files.readAllLines(cluster.node(1).home().resolve("conf/application.properties")))
                    .contains("spring.datasource.platform=mysql", "db.num=1", "db.user.0=nacos");

            cluster.node(1).api().publishConfig("before-upgrade", GROUP, "published on 2.0.4");
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(cluster.node(1).api()
                    .config("before-upgrade", GROUP)).map(ServedConfig::content).contains("published on 2.0.4"));
            assertThat(storedContent(database, "before-upgrade")).as("the node stores configs in MariaDB, not Derby")
                    .containsExactly("published on 2.0.4");
            assertThat(tablesWithEncryptedKey(database)).as("2.0.4's schema").isEmpty();

            StorageMigration migration = backend.migrateStorage("2.3.2").orElseThrow();

            assertThat(migration.columnsAdded()).containsExactlyInAnyOrderElementsOf(
                    ENCRYPTED_KEY_TABLES.stream().map(t -> t + ".encrypted_data_key").toList());
            assertThat(migration.tablesAdded()).isEmpty();
            assertThat(tablesWithEncryptedKey(database)).containsExactlyInAnyOrderElementsOf(ENCRYPTED_KEY_TABLES);
            assertThat(backend.migrateStorage("2.3.2").orElseThrow().statements()).as("done once").isEmpty();

            backend.upgradeNode(1, "2.3.2");

            assertThat(backend.nodes().get(0).version()).isEqualTo("2.3.2");
            assertThat(backend.nodes().get(0).state()).isEqualTo(NodeState.UP);
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(cluster.node(1).api()
                    .config("before-upgrade", GROUP)).map(ServedConfig::content)
                    .as("the config published on 2.0.4, served by 2.3.2").contains("published on 2.0.4"));
            cluster.node(1).api().publishConfig("after-upgrade", GROUP, "published on 2.3.2");
            assertThat(storedContent(database, "after-upgrade")).containsExactly("published on 2.3.2");
        }
        assertThat(database.isAlive()).as("MariaDB after close").isFalse();
        assertThat(ListeningSockets.read().isTaken(database.port())).isFalse();
    }

    private static List<String> storedContent(LocalDatabase database, String dataId) throws Exception {
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement(
                     "SELECT content FROM config_info WHERE data_id = ? AND group_id = ?")) {
            query.setString(1, dataId);
            query.setString(2, GROUP);
            List<String> contents = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    contents.add(rows.getString(1));
                }
            }
            return contents;
        }
    }

    /** The tables of database nacos with a column encrypted_data_key, from information_schema. */
    private static List<String> tablesWithEncryptedKey(LocalDatabase database) {
        return database.columns(LocalDatabase.DATABASE).entrySet().stream()
                .filter(t -> t.getValue().stream().anyMatch(c -> c.name().equals("encrypted_data_key")))
                .map(Map.Entry::getKey).toList();
    }
}
