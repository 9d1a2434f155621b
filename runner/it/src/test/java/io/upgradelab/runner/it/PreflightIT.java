package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.naming.Registration;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.local.LocalBackend;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.LocalDatabase;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.testing.Launcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code upgrade-lab preflight} against a real standalone Nacos 1.4.1 on the lab's MariaDB, through the
 * real launcher: clean, it preflights ok (exit 0); then the test plants, one after the other, what teams'
 * clusters hold and the lab's own do not, and each preflight names it with its Nacos issue and exits 1: a
 * nacos-client 1.4.1 registering two instances without credentials (a 1.x client, an avoided version, a client without
 * credentials), more instances than a calibration says the double write carries, configs stored under both
 * namespace '' and 'public', a schema column missing. One node for all of it (CI's time).
 */
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PreflightIT {

    private static final int PORT = 38848;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    private static LocalCluster cluster;
    private static NamingClient oneX;

    @BeforeAll
    static void aStandalone141OnMysql() {
        LocalClusterSpec spec = new LocalClusterSpec("1.4.1", 1, PORT, work.resolve("cluster"), "512m",
                Duration.ofMinutes(2), Map.of());
        cluster = LocalBackend.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), Storage.MYSQL,
                System.out::println);
    }

    @AfterAll
    static void stop() throws Exception {
        if (oneX != null) {
            oneX.shutDown();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void aCleanClusterPreflightsOk() throws Exception {
        Path calibration = calibration(14000);
        JsonNode preflight = preflight(0, "--to", "2.0.4", "--calibration", calibration.toString());
        assertThat(preflight.path("findings")).hasSize(10).allSatisfy(f ->
                assertThat(f.path("level").asText()).as(f.toString()).isEqualTo("ok"));
        assertThat(preflight.path("from").get(0).asText()).isEqualTo("1.4.1");
    }

    @Test
    @Order(2)
    void aOneXClientWithoutCredentialsOnAnAvoidedVersionIsFound() throws Exception {
        oneX = ClientCatalog.installed().factory("1.4.1").connect(new NamingSettings("127.0.0.1:" + PORT, "127.0.0.1", 1,
                Optional.empty(), Optional.empty()));
        oneX.register(new Registration("preflight-planted", "127.0.0.1", 20990, Map.of()));
        oneX.register(new Registration("preflight-planted", "127.0.0.1", 20991, Map.of()));
        Awaitility.await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofSeconds(1))
                .until(() -> accessLogs().contains("Nacos-Java-Client:v1.4.1"));

        JsonNode to33 = preflight(1, "--to", "3.3.0");
        assertFinding(to33, "oneXClients", "blocked", List.of("nacos-client 1.4.1 from 127.0.0.1"), "3.2");
        assertFinding(to33, "avoidedClientVersions", "atRisk", List.of("nacos-client 1.4.1"), "1.4.1-1.4.2");
        assertFinding(to33, "clientCredentials", "blocked", List.of("without credentials"), "3.3");
    }

    @Test
    @Order(3)
    void moreInstancesThanTheDoubleWriteCarriesAreBlocked() throws Exception {
        JsonNode preflight = preflight(1, "--to", "2.0.4", "--calibration", calibration(1).toString());
        assertFinding(preflight, "doubleWriteCapacity", "blocked",
                List.of("2 instances against a frontier of 1 measured for 1.4.1"), "docs/runs/calibration");
    }

    @Test
    @Order(4)
    void configsUnderBothDefaultNamespacesBlockThreeX() throws Exception {
        try (Connection db = database().connectAsLab(); Statement sql = db.createStatement()) {
            for (String tenant : List.of("", "public")) {
                sql.execute("INSERT INTO config_info (data_id, group_id, content, md5, tenant_id) VALUES ('planted.yaml',"
                        + " 'DEFAULT_GROUP', 'a: 1', 'x', '" + tenant + "')");
            }
        }
        JsonNode preflight = preflight(1, "--to", "3.1.0");
        assertFinding(preflight, "namespaceDuplicates", "blocked", List.of("DEFAULT_GROUP/planted.yaml"), "alibaba/nacos#13488");
    }

    @Test
    @Order(5)
    void aMissingSchemaColumnIsNamedWithTheStatementThatAddsIt() throws Exception {
        try (Connection db = database().connectAsLab(); Statement sql = db.createStatement()) {
            sql.execute("ALTER TABLE config_info DROP COLUMN c_schema");
        }
        JsonNode preflight = preflight(1, "--to", "2.0.4");
        assertFinding(preflight, "schema", "blocked", List.of("column config_info.c_schema", "ADD COLUMN `c_schema`"),
                "alibaba/nacos#13654");
    }

    /** Runs preflight with every source the lab has of the node, asserts its exit code, returns its JSON. */
    private static JsonNode preflight(int exit, String... options) throws Exception {
        LocalDatabase database = database();
        NacosCredentials account = database.labAccount();
        List<String> args = new ArrayList<>(List.of("preflight", "--nodes", "127.0.0.1:" + PORT,
                "--logs", cluster.logDirectory(1).orElseThrow().toString(),
                "--properties", cluster.propertiesFile(1).orElseThrow().toString(),
                "--database", "jdbc:mysql://127.0.0.1:" + database.port() + "/" + LocalDatabase.DATABASE,
                "--output", "json"));
        args.addAll(List.of(options));
        try (Launcher run = Launcher.start(Map.of("NACOS_DB_USERNAME", account.username(), "NACOS_DB_PASSWORD",
                account.password()), args.toArray(String[]::new))) {
            assertThat(run.awaitExit(Duration.ofMinutes(1))).as("%s", run).isEqualTo(exit);
            assertThat(run.toString()).doesNotContain(account.password());
            return JSON.readTree(String.join("\n", run.out()));
        }
    }

    /** The finding of {@code check}: at {@code level}, its message holding {@code says}, a reference holding {@code source}. */
    private static void assertFinding(JsonNode preflight, String check, String level, List<String> says, String source) {
        JsonNode finding = finding(preflight, check);
        assertThat(finding.path("level").asText()).as("%s", finding).isEqualTo(level);
        assertThat(finding.path("message").asText()).contains(says);
        assertThat(finding.path("references").toString()).as("%s", finding).contains(source);
    }

    private static JsonNode finding(JsonNode preflight, String check) {
        for (JsonNode f : preflight.path("findings")) {
            if (f.path("check").asText().equals(check)) {
                return f;
            }
        }
        throw new AssertionError("no " + check + " finding in " + preflight.toPrettyString());
    }

    private static LocalDatabase database() {
        return cluster.database().orElseThrow();
    }

    private static String accessLogs() throws Exception {
        try (Stream<Path> files = Files.list(cluster.logDirectory(1).orElseThrow())) {
            StringBuilder all = new StringBuilder();
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("access_log")).toList()) {
                all.append(Files.readString(f));
            }
            return all.toString();
        }
    }

    /**
     * A calibration as {@code upgrade-lab calibrate} writes it, its 1.4.1 frontier {@code frontier}: the
     * committed one of this machine (docs/runs/calibration) says 14000; a team's smaller machine less.
     */
    private static Path calibration(int frontier) throws Exception {
        return Files.writeString(work.resolve("calibration-" + frontier + ".json"), """
                {"key": {"backend": "local", "nodes": 3, "serverHeap": "1g", "services": 140, "providersPerClient": 140,
                         "rampRate": 200.0, "probeRate": 100.0, "cores": 2, "memoryGiB": 24},
                 "created": "2026-11-20T10:00:00Z", "holdSeconds": 120,
                 "pairs": [{"server": "1.4.1", "clients": "1x", "frontier": %d, "firstUnstable": 0, "steps": [],
                            "runDirectory": "docs/runs/calibration/1.4.1-1x"}]}
                """.formatted(frontier));
    }
}
