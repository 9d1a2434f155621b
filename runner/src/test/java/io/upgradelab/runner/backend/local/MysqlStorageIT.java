package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.ServedConfig;
import io.upgradelab.runner.process.ListeningSockets;
import io.upgradelab.runner.testing.Targets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target.local.storage: mysql} on real servers: the local backend starts a real MariaDB on loopback
 * with Nacos 2.0.4's own schema and a 2.0.4 node on it, whose config lands in MariaDB; the schema
 * upgrade to 2.3.2 adds the columns 2.2 introduced; the node upgraded to 2.3.2 serves the config
 * published on 2.0.4 and writes a new one; closing stops MariaDB by its PID. The database is the
 * lab's alone: MariaDB does not run as root, cannot read or write files outside its own folder, the
 * nodes' user has the nacos schema only, and the run's passwords are in no file of the run and on
 * no command line.
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
        Target target = Targets.of("{version: 2.0.4, nodes: 1, firstPort: " + firstPort
                + ", serverHeap: 512m, local: {storage: mysql}}");
        // as a run folder is (JUnit makes this one 0700): MariaDB's own account may pass through to its folders
        Files.setPosixFilePermissions(runDirectory, PosixFilePermissions.fromString("rwx--x--x"));
        LocalDatabase database;
        List<String> passwords;
        long began = System.nanoTime();
        try (Backend backend = new LocalBackend().open(target, runDirectory, System.out::println)) {
            LocalCluster cluster = (LocalCluster) backend;
            database = cluster.database().orElseThrow();
            assertThat(database.port()).isEqualTo(firstPort + LocalDatabase.PORT_OFFSET);
            assertThat(ListeningSockets.read().ownedBy(database.pid())).isNotEmpty()
                    .allSatisfy(s -> assertThat(s.isLoopback()).as("%s", s).isTrue());
            assertThat(Files.readAllLines(cluster.node(1).home().resolve("conf/application.properties")))
                    .contains("spring.datasource.platform=mysql", "db.num=1", "db.user.0=nacos")
                    .noneMatch(line -> line.startsWith("db.password"));
            passwords = database.passwords();
            assertTheDatabaseIsTheLabsAlone(database, cluster, passwords);

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
            assertNoCommandLineHolds(passwords);
            assertThat(environmentOf(cluster.node(1).status().pid())).as("the upgraded node's environment")
                    .contains("DB_PASSWORD_0=" + passwords.get(0));
        }
        assertThat(database.isAlive()).as("MariaDB after close").isFalse();
        assertThat(ListeningSockets.read().isTaken(database.port())).isFalse();
        assertNoFileHolds(runDirectory, passwords);
        System.out.printf("MysqlStorageIT: whole test %.1f s%n", (System.nanoTime() - began) / 1e9);
    }

    /**
     * MariaDB runs as no root uid; the nodes' user can neither read a file of the machine nor write
     * one, has privileges on the nacos schema only, and secure_file_priv is the run's own folder;
     * the password reaches the node by its environment, on no command line.
     */
    private static void assertTheDatabaseIsTheLabsAlone(LocalDatabase database, LocalCluster cluster,
                                                        List<String> passwords) throws Exception {
        assertThat(uids(database.pid())).as("MariaDB's real, effective, saved and file-system uid").hasSize(4)
                .doesNotContain(0);
        try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
            List<String> grants = rows(statement, "SHOW GRANTS");
            System.out.println("MysqlStorageIT: grants of the nodes' user: " + grants.stream()
                    .map(g -> g.replaceAll("PASSWORD '[^']*'", "PASSWORD '...'")).toList());
            assertThat(grants).isNotEmpty().allSatisfy(grant -> assertThat(grant)
                    .matches("GRANT (USAGE ON \\*\\.\\*|ALL PRIVILEGES ON `nacos`\\.\\*) TO `nacos`@`127\\.0\\.0\\.1`.*")
                    .doesNotContain("GRANT OPTION"));
            assertThat(rows(statement, "SELECT LOAD_FILE('/etc/passwd')")).as("LOAD_FILE as the nodes' user")
                    .containsExactly((String) null);
            String outfile = "/tmp/upgrade-lab-mysql-it-" + database.port() + ".txt";
            assertThatThrownBy(() -> statement.execute("SELECT 'x' INTO OUTFILE '" + outfile + "'"))
                    .as("INTO OUTFILE as the nodes' user").isInstanceOf(SQLException.class);
            assertThat(Path.of(outfile)).doesNotExist();
            assertThat(Path.of(rows(statement, "SELECT @@secure_file_priv").get(0))).as("secure_file_priv")
                    .isEqualTo(database.filesDirectory());
            assertThat(rows(statement, "SELECT COUNT(*) FROM information_schema.SCHEMATA")).as("schemas it sees")
                    .containsExactly("2");   // information_schema and nacos
        }
        for (String user : List.of("root", "", "nacos", "upgrade_lab")) {
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + database.port()
                    + "/?useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=2000", user, ""))
                    .as("'%s' without a password over TCP", user).isInstanceOf(SQLException.class);
        }
        assertNoCommandLineHolds(passwords);
        assertThat(environmentOf(cluster.node(1).status().pid())).contains("DB_PASSWORD_0=" + passwords.get(0));
    }

    /** The uids of /proc/PID/status: real, effective, saved, file system. */
    private static List<Integer> uids(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("Uid:"))
                .flatMap(l -> Arrays.stream(l.substring(4).trim().split("\\s+"))).map(Integer::valueOf).toList();
    }

    private static String environmentOf(long pid) throws IOException {
        return new String(Files.readAllBytes(Path.of("/proc/" + pid + "/environ")), StandardCharsets.UTF_8)
                .replace('\0', '\n');
    }

    private static List<String> rows(Statement statement, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery(sql)) {
            while (result.next()) {
                rows.add(result.getString(1));
            }
        }
        return rows;
    }

    /** What {@code ps -eo args} shows of every process now holds none of {@code passwords}. */
    private static void assertNoCommandLineHolds(List<String> passwords) throws Exception {
        Process ps = new ProcessBuilder("ps", "-eo", "args").redirectErrorStream(true).start();
        String all;
        try (InputStream in = ps.getInputStream()) {
            all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(ps.waitFor()).isZero();
        assertThat(all).as("ps -eo args").contains("mariadbd").contains("-Dupgradelab.node=node-1");
        for (String password : passwords) {
            assertThat(all.contains(password)).as("a password in ps -eo args").isFalse();
        }
    }

    /** No file under {@code folder} (the run: data, logs, nodes' homes) holds any of {@code passwords}. */
    private static void assertNoFileHolds(Path folder, List<String> passwords) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(folder)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        List<String> holding = new ArrayList<>();
        for (Path file : files) {
            for (String password : passwords) {
                if (contains(file, password.getBytes(StandardCharsets.US_ASCII))) {
                    holding.add(folder.relativize(file).toString());
                }
            }
        }
        System.out.println("MysqlStorageIT: " + files.size() + " files of the run searched for the passwords");
        assertThat(files).hasSizeGreaterThan(10);
        assertThat(holding).as("files holding a password").isEmpty();
    }

    private static boolean contains(Path file, byte[] needle) throws IOException {
        byte[] buffer = new byte[1 << 20];
        int kept = 0;
        try (InputStream in = Files.newInputStream(file)) {
            int read;
            while ((read = in.read(buffer, kept, buffer.length - kept)) > 0) {
                int end = kept + read;
                for (int i = 0; i + needle.length <= end; i++) {
                    if (buffer[i] == needle[0] && Arrays.equals(buffer, i, i + needle.length, needle, 0, needle.length)) {
                        return true;
                    }
                }
                kept = Math.min(needle.length - 1, end);
                System.arraycopy(buffer, end - kept, buffer, 0, kept);
            }
        }
        return false;
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
