package io.upgradelab.runner.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.Preflight;
import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.preflight.ClusterFacts.Client;
import io.upgradelab.runner.preflight.ClusterFacts.Node;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each check over facts made here: what it finds, at which level, with which reference. */
class PreflightChecksTest {

    private static Node node(int n, String version, int instances) {
        return new Node(n, "127.0.0.1:88" + (38 + 10 * n), version, Optional.empty(), List.of(), instances,
                Optional.of("17.0.13+11"));
    }

    /** A clean 2.2.3 cluster: every source read, nothing found. */
    private static ClusterFacts clean(String to) {
        return new ClusterFacts(to, List.of(node(1, "2.2.3", 40), node(2, "2.2.3", 40), node(3, "2.2.3", 40)),
                Read.of(List.of(new Client("127.0.0.1", "2.5.1", "grpc", Optional.of(true), "node 1's connections"))),
                Read.of(List.of()), Read.of(new StorageMigration(to, List.of(), List.of(), List.of())),
                Read.of(Map.of(1, Map.of("nacos.core.auth.enabled", "false"))), Read.unavailable("no calibration given"));
    }

    private static ClusterFacts withClients(ClusterFacts f, Client... clients) {
        return new ClusterFacts(f.to(), f.nodes(), Read.of(List.of(clients)), f.namespaceDuplicates(), f.schemaGap(),
                f.nodeProperties(), f.frontiers());
    }

    private static List<Finding> notOk(ClusterFacts facts) {
        return Preflights.judge(facts).findings().stream().filter(f -> f.level() != Level.ok).toList();
    }

    @Test
    void aCleanClusterPreflightsOkOnAPatchUpgrade() {
        Preflight preflight = Preflights.judge(clean("2.3.2"));
        assertThat(preflight.worst()).as(PreflightText.render(preflight)).isEqualTo(Level.ok);
        assertThat(preflight.findings()).extracting(Finding::check).containsExactly("nodeHealth", "javaRuntime", "upgradePath",
                "namespaceDuplicates", "schema", "oneXClients", "avoidedClientVersions", "clientCredentials",
                "doubleWriteCapacity", "renamedProperties");
    }

    @Test
    void configsUnderBothNamespacesBlockA3xUpgradeAndNotA2xOne() {
        ClusterFacts f = clean("3.1.0");
        ClusterFacts duplicated = new ClusterFacts("3.1.0", f.nodes(), f.clients(), Read.of(List.of("DEFAULT_GROUP/a")),
                f.schemaGap(), f.nodeProperties(), f.frontiers());
        assertThat(notOk(duplicated)).singleElement().satisfies(finding -> {
            assertThat(finding.check()).isEqualTo("namespaceDuplicates");
            assertThat(finding.level()).isEqualTo(Level.blocked);
            assertThat(finding.message()).contains("DEFAULT_GROUP/a");
            assertThat(finding.references()).contains("alibaba/nacos#13488");
        });
        ClusterFacts c = clean("2.3.2");
        ClusterFacts twoX = new ClusterFacts("2.3.2", c.nodes(), c.clients(), Read.of(List.of("DEFAULT_GROUP/a")),
                c.schemaGap(), c.nodeProperties(), c.frontiers());
        assertThat(notOk(twoX)).isEmpty();
    }

    @Test
    void anUnreadSourceIsAtRiskNeverOk() {
        ClusterFacts f = clean("3.1.0");
        ClusterFacts unread = new ClusterFacts("3.1.0", f.nodes(), Read.unavailable("no access log"),
                Read.unavailable("no config database given"), Read.unavailable("no config database given"),
                Read.unavailable("no properties"), f.frontiers());
        assertThat(notOk(unread)).extracting(Finding::check, Finding::level).containsExactly(
                org.assertj.core.groups.Tuple.tuple("namespaceDuplicates", Level.atRisk),
                org.assertj.core.groups.Tuple.tuple("schema", Level.atRisk),
                org.assertj.core.groups.Tuple.tuple("oneXClients", Level.atRisk),
                org.assertj.core.groups.Tuple.tuple("avoidedClientVersions", Level.atRisk),
                org.assertj.core.groups.Tuple.tuple("renamedProperties", Level.atRisk));
        assertThat(notOk(unread)).allSatisfy(finding -> assertThat(finding.message()).startsWith("not checked: "));
    }

    @Test
    void aMissingColumnBlocksWithTheStatementThatAddsIt() {
        ClusterFacts f = clean("2.3.2");
        ClusterFacts behind = new ClusterFacts("2.3.2", f.nodes(), f.clients(), f.namespaceDuplicates(),
                Read.of(new StorageMigration("2.3.2", List.of(), List.of("config_info.encrypted_data_key"),
                        List.of("ALTER TABLE `nacos`.`config_info` ADD COLUMN `encrypted_data_key` text NOT NULL"))),
                f.nodeProperties(), f.frontiers());
        assertThat(notOk(behind)).singleElement().satisfies(finding -> {
            assertThat(finding.level()).isEqualTo(Level.blocked);
            assertThat(finding.message()).contains("column config_info.encrypted_data_key", "ALTER TABLE");
            assertThat(finding.references()).contains("alibaba/nacos#13654");
        });
    }

    @Test
    void oneXClientsAreServedUpTo31AtRiskOn3xAndBlockedFrom32() {
        Client oneX = new Client("127.0.0.21", "1.4.1", "http", Optional.of(true), "node 1's access log");
        assertThat(notOk(withClients(clean("2.3.2"), oneX))).extracting(Finding::check)
                .containsExactly("avoidedClientVersions");
        assertThat(notOk(withClients(clean("3.1.0"), oneX))).filteredOn(x -> x.check().equals("oneXClients"))
                .singleElement().satisfies(x -> assertThat(x.level()).isEqualTo(Level.atRisk));
        assertThat(notOk(withClients(clean("3.2.4"), oneX))).filteredOn(x -> x.check().equals("oneXClients"))
                .singleElement().satisfies(x -> {
                    assertThat(x.level()).isEqualTo(Level.blocked);
                    assertThat(x.message()).contains("nacos-client 1.4.1 from 127.0.0.21");
                });
    }

    @Test
    void clientsWithoutCredentialsAreBlockedFrom33Only() {
        Client without = new Client("127.0.0.22", "1.4.6", "http", Optional.of(false), "node 1's access log");
        Client unknown = new Client("127.0.0.23", "2.5.1", "grpc", Optional.empty(), "node 1's connections");
        assertThat(notOk(withClients(clean("2.3.2"), without, unknown))).isEmpty();
        List<Finding> to33 = notOk(withClients(clean("3.3.0"), without, unknown)).stream()
                .filter(x -> x.check().equals("clientCredentials")).toList();
        assertThat(to33).singleElement().satisfies(x -> {
            assertThat(x.level()).isEqualTo(Level.blocked);
            assertThat(x.message()).contains("127.0.0.22").doesNotContain("127.0.0.23");
        });
        assertThat(notOk(withClients(clean("3.3.0"), unknown))).filteredOn(x -> x.check().equals("clientCredentials"))
                .singleElement().satisfies(x -> assertThat(x.level()).isEqualTo(Level.atRisk));
    }

    @Test
    void theDoubleWriteIsJudgedAgainstTheOneXFrontier() {
        List<Frontier> calibration = List.of(new Frontier("2.0.4", "1x", 14000, "docs/runs/calibration/2.0.4-1x"),
                new Frontier("1.4.1", "1x", 14000, "docs/runs/calibration/1.4.1-1x"));
        for (int[] expected : new int[][] {{6000, 0}, {10000, 1}, {15000, 2}}) {
            ClusterFacts facts = new ClusterFacts("2.0.4", List.of(node(1, "1.4.1", expected[0])), Read.of(List.of()),
                    Read.of(List.of()), Read.of(new StorageMigration("2.0.4", List.of(), List.of(), List.of())),
                    Read.of(Map.of()), Read.of(calibration));
            Finding finding = Preflights.judge(facts).findings().stream()
                    .filter(x -> x.check().equals("doubleWriteCapacity")).findFirst().orElseThrow();
            assertThat(finding.level()).as(finding.message()).isEqualTo(Level.values()[expected[1]]);
            assertThat(finding.message()).contains(expected[0] + " instances against a frontier of 14000");
        }
        ClusterFacts noCalibration = new ClusterFacts("2.0.4", List.of(node(1, "1.4.1", 10)), Read.of(List.of()),
                Read.of(List.of()), Read.of(new StorageMigration("2.0.4", List.of(), List.of(), List.of())),
                Read.of(Map.of()), Read.unavailable("no calibration given"));
        assertThat(notOk(noCalibration)).filteredOn(x -> x.check().equals("doubleWriteCapacity")).singleElement()
                .satisfies(x -> assertThat(x.level()).isEqualTo(Level.atRisk));
    }

    @Test
    void unhealthyNodesAndUnsupportedPathsBlock() {
        ClusterFacts f = clean("2.3.2");
        ClusterFacts sick = new ClusterFacts("2.3.2", List.of(
                new Node(1, "127.0.0.1:8848", "2.2.3", Optional.of("naming not in readiness"), List.of(), 40, Optional.empty()),
                new Node(2, "127.0.0.1:8858", "2.2.3", Optional.empty(), List.of("naming_persistent_service_v2"), 40,
                        Optional.empty()),
                new Node(3, "127.0.0.1:8868", "", Optional.empty(), List.of(), -1, Optional.empty())),
                f.clients(), f.namespaceDuplicates(), f.schemaGap(), f.nodeProperties(), f.frontiers());
        assertThat(notOk(sick)).extracting(Finding::message).anySatisfy(m -> assertThat(m).contains("not ready"))
                .anySatisfy(m -> assertThat(m).contains("naming_persistent_service_v2"))
                .anySatisfy(m -> assertThat(m).contains("node 3 (127.0.0.1:8868) does not answer"));
        ClusterFacts oneXTo23 = new ClusterFacts("2.3.2", List.of(node(1, "1.4.1", 10)), f.clients(),
                f.namespaceDuplicates(), f.schemaGap(), f.nodeProperties(), f.frontiers());
        assertThat(notOk(oneXTo23)).filteredOn(x -> x.check().equals("upgradePath")).singleElement()
                .satisfies(x -> assertThat(x.level()).isEqualTo(Level.blocked));
    }

    @Test
    void portRenamedIn30IsAtRisk() {
        ClusterFacts f = clean("3.1.0");
        ClusterFacts renamed = new ClusterFacts("3.1.0", f.nodes(), f.clients(), f.namespaceDuplicates(), f.schemaGap(),
                Read.of(Map.of(2, Map.of("server.port", "8858"))), f.frontiers());
        assertThat(notOk(renamed)).singleElement().satisfies(x -> {
            assertThat(x.check()).isEqualTo("renamedProperties");
            assertThat(x.message()).contains("node 2: server.port (now nacos.server.main.port)");
        });
    }

    @Test
    void threeXNeedsJava17AndAnUnknownJavaIsAtRisk() {
        ClusterFacts f = clean("3.1.0");
        ClusterFacts onEight = new ClusterFacts("3.1.0", List.of(
                new Node(1, "127.0.0.1:8848", "2.3.2", Optional.empty(), List.of(), 40, Optional.of("1.8.0_392")),
                new Node(2, "127.0.0.1:8858", "2.3.2", Optional.empty(), List.of(), 40, Optional.empty()),
                node(3, "2.3.2", 40)), f.clients(), f.namespaceDuplicates(), f.schemaGap(), f.nodeProperties(),
                f.frontiers());
        assertThat(notOk(onEight)).filteredOn(x -> x.check().equals("javaRuntime"))
                .extracting(Finding::level, Finding::message).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Level.blocked, "node 1 runs on Java 1.8.0_392: 3.1.0 needs 17"
                                + " or later; give the new version a JDK 17"),
                        org.assertj.core.groups.Tuple.tuple(Level.atRisk, "not checked: the Java of node 2 (its Prometheus"
                                + " page, actuator/prometheus, gives no jvm_info); 3.1.0 needs JDK 17"));
        assertThat(notOk(withClients(clean("2.3.2")))).isEmpty();
        assertThat(ClusterReader.jvmVersion("# TYPE jvm_info gauge\njvm_info{runtime=\"OpenJDK Runtime Environment\","
                + "vendor=\"Eclipse Adoptium\",version=\"17.0.13+11\",} 1.0\n")).hasValue("17.0.13+11");
        assertThat(JavaRuntime.major("21.0.1")).hasValue(21);
    }
}
