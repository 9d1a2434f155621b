package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.nacos.NacosDistribution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link LocalDatabase} makes without a server: its accounts' SQL, its command lines, the nodes' settings. */
class LocalDatabaseTest {

    private static final LocalDatabase.Account NOBODY = new LocalDatabase.Account("nobody", 65534, 65534, true);
    private static final LocalDatabase.Account SELF = new LocalDatabase.Account("lab", 1000, 1000, false);

    @TempDir
    Path dir;

    @Test
    void theNodesUserIsGrantedTheNacosSchemaOnlyFromTheNodesAddresses() {
        Secret nodes = Secret.random();
        Secret lab = Secret.random();

        List<String> sql = LocalDatabase.accountsSql(LocalDatabase.nodeHosts(List.of("127.0.0.2", "10.1.2.3")), nodes, lab)
                .lines().toList();

        assertThat(sql).filteredOn(s -> s.contains("'nacos'@")).containsExactly(
                "CREATE OR REPLACE USER 'nacos'@'127.0.0.1' IDENTIFIED BY '" + nodes.value() + "';",
                "GRANT ALL PRIVILEGES ON `nacos`.* TO 'nacos'@'127.0.0.1';",
                "CREATE OR REPLACE USER 'nacos'@'127.0.0.2' IDENTIFIED BY '" + nodes.value() + "';",
                "GRANT ALL PRIVILEGES ON `nacos`.* TO 'nacos'@'127.0.0.2';");
        assertThat(sql).filteredOn(s -> s.startsWith("GRANT")).as("no global privilege, no FILE, no GRANT OPTION")
                .noneMatch(s -> s.contains("*.*") || s.contains("FILE") || s.contains("GRANT OPTION") || s.contains("%'"))
                .allMatch(s -> s.matches("GRANT ALL PRIVILEGES ON `(nacos|upgrade\\\\_lab\\\\_schema\\\\_%)`\\.\\* TO '[a-z_]+'@'127\\.0\\.0\\.[12]';"));
        assertThat(sql).filteredOn(s -> s.contains("'upgrade_lab'@")).containsExactly(
                "CREATE OR REPLACE USER 'upgrade_lab'@'127.0.0.1' IDENTIFIED BY '" + lab.value() + "';",
                "GRANT ALL PRIVILEGES ON `nacos`.* TO 'upgrade_lab'@'127.0.0.1';",
                "GRANT ALL PRIVILEGES ON `upgrade\\_lab\\_schema\\_%`.* TO 'upgrade_lab'@'127.0.0.1';");
        assertThat(sql).as("no anonymous user").contains("DELETE FROM mysql.global_priv WHERE User = '';");
        assertThat(sql).filteredOn(s -> s.contains(nodes.value()) || s.contains(lab.value()))
                .allMatch(s -> s.startsWith("CREATE OR REPLACE USER"));
    }

    @Test
    void aHostOffLoopbackIsNeverGranted() {
        assertThat(LocalDatabase.nodeHosts(List.of("127.0.0.3", "192.168.1.4", "localhost", "127.0.0.3")))
                .containsExactly("127.0.0.1", "127.0.0.3");
        assertThatThrownBy(() -> LocalDatabase.accountsSql(List.of("0.0.0.0"), Secret.random(),
                Secret.random())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void passwordsAreMadePerRunAndNeverPrinted() {
        Secret one = Secret.random();
        Secret two = Secret.random();

        assertThat(one.value()).matches("[A-Za-z0-9_-]{32}").isNotEqualTo(two.value());
        assertThat(one).hasToString("(hidden)");
        assertThat(String.valueOf(List.of(one))).doesNotContain(one.value());
    }

    @Test
    void asRootTheServerRunsAsTheUnprivilegedAccountWithFilesInItsOwnFolderOnLoopbackOnly() {
        LocalDatabase.ServerPaths paths = paths();

        List<String> command = LocalDatabase.serverCommand(Path.of("/usr/sbin/mariadbd"), paths, 8853, NOBODY);

        assertThat(command).contains("--user=nobody", "--secure-file-priv=" + paths.files(),
                "--bind-address=127.0.0.1", "--port=8853", "--socket=" + paths.socket(), "--local-infile=0")
                .noneMatch(a -> a.startsWith("--init-file") || a.equals("--user=root") || a.contains("password"));
        assertThat(LocalDatabase.serverCommand(Path.of("/usr/sbin/mariadbd"), paths, 8853, SELF))
                .as("not root: it runs as the lab's own user").noneMatch(a -> a.startsWith("--user"));
    }

    @Test
    void rootLogsInByTheUnixSocketOnlyWithNoTestDatabase() {
        List<String> install = LocalDatabase.installCommand(Path.of("/usr/bin/mariadb-install-db"), paths(), NOBODY);

        assertThat(install).contains("--no-defaults", "--rpm", "--user=nobody", "--skip-test-db",
                "--auth-root-authentication-method=socket", "--auth-root-socket-user=root");
        assertThat(LocalDatabase.installCommand(Path.of("/usr/bin/mariadb-install-db"), paths(), SELF))
                .contains("--auth-root-socket-user=lab").noneMatch(a -> a.startsWith("--user"));
    }

    @Test
    void theNodesGetThePasswordInTheirEnvironmentNotInTheirPropertiesNorCommandLine() throws IOException {
        Secret password = Secret.random();
        Map<String, String> properties = new LinkedHashMap<>(LocalDatabase.nacosProperties(8853));
        assertThat(properties).containsEntry("db.user.0", "nacos").containsKey("db.url.0")
                .doesNotContainKeys("db.password.0", "db.password");
        NacosDistribution version = FakeDistributions.scan(dir.resolve("servers"), "2.0.4").require("2.0.4");
        LocalClusterSpec spec = new LocalClusterSpec("2.0.4", 1, 8848, dir.resolve("cluster"), "512m",
                Duration.ofMinutes(1), properties);

        LocalNode node = new LocalNode(1, spec, List.of(spec.addressOf(1)), LocalDatabase.nodeEnvironment(password),
                NodeAuthKeys.random());

        assertThat(node.environment(version)).containsEntry("DB_PASSWORD_0", password.value());
        assertThat(node.command(version)).noneMatch(a -> a.contains(password.value()));
        assertThat(Files.readString(node.home().resolve("conf/application.properties")))
                .contains("db.user.0=nacos").doesNotContain(password.value()).doesNotContain("db.password");
        assertThat(node.toString()).doesNotContain(password.value());
    }

    @Test
    void anAccountPassesOnlyThroughFoldersItMayEnter() throws IOException {
        Path open = Files.createDirectories(dir.resolve("open/database"));
        Path closed = Files.createDirectories(dir.resolve("closed/database"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        Files.setPosixFilePermissions(dir.resolve("open"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dir.resolve("closed"), PosixFilePermissions.fromString("rwx------"));
        LocalDatabase.Account stranger = new LocalDatabase.Account("stranger", 54321, 54321, true);
        assumeTrue(LocalDatabase.ServerPaths.reachable(dir, stranger), "the temporary folder's parents let others pass");

        assertThat(LocalDatabase.ServerPaths.reachable(open, stranger)).isTrue();
        assertThat(LocalDatabase.ServerPaths.reachable(closed, stranger)).isFalse();
    }

    @Test
    void asRootTheServersFoldersAreTheAccountsAndPrivateWhileTheLogsStayTheLabs() throws IOException {
        LocalDatabase.Account account = LocalDatabase.Account.forServer();
        assumeTrue(account.switched(), "the lab runs as root");
        assertThat(account.name()).isIn(LocalDatabase.SERVER_ACCOUNTS);
        assertThat(account.uid()).isNotZero();
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        assumeTrue(LocalDatabase.ServerPaths.reachable(dir, account), "the temporary folder's parents let others pass");
        Files.setPosixFilePermissions(Files.createDirectory(dir.resolve("cluster")),
                PosixFilePermissions.fromString("rwxr-xr-x"));
        Path database = dir.resolve("cluster/database");

        LocalDatabase.ServerPaths paths = LocalDatabase.ServerPaths.prepare(database, 8853, account);

        for (Path folder : List.of(paths.data(), paths.tmp(), paths.files(), paths.run())) {
            assertThat(folder.getParent()).isEqualTo(database);
            assertThat((Integer) Files.getAttribute(folder, "unix:uid")).as("%s", folder).isEqualTo(account.uid());
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder))).isEqualTo("rwx------");
        }
        assertThat(paths.files()).isEqualTo(database.resolve("mysql-files"));
        assertThat((Integer) Files.getAttribute(database, "unix:uid")).as("where the logs are").isZero();
        assertThat(paths.socket()).isEqualTo(paths.run().resolve("mariadb.sock"));
    }

    @Test
    void asRootAFolderTheAccountCannotReachMovesTheServersFilesToATemporaryFolder() throws IOException {
        LocalDatabase.Account account = LocalDatabase.Account.forServer();
        assumeTrue(account.switched(), "the lab runs as root");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        Path database = dir.resolve("cluster/database");

        LocalDatabase.ServerPaths paths = LocalDatabase.ServerPaths.prepare(database, 8853, account);
        try {
            assertThat(paths.data().startsWith(dir)).as("%s in %s", paths.data(), dir).isFalse();
            assertThat(LocalDatabase.ServerPaths.reachable(paths.data(), account)).isTrue();
            assertThat((Integer) Files.getAttribute(paths.data(), "unix:uid")).isEqualTo(account.uid());
        } finally {
            try (Stream<Path> files = Files.walk(paths.data().getParent())) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private LocalDatabase.ServerPaths paths() {
        Path database = dir.resolve("database");
        return new LocalDatabase.ServerPaths(database.resolve("data"), database.resolve("tmp"),
                database.resolve("mysql-files"), database.resolve("run"), database.resolve("run/mariadb.sock"), null);
    }
}
