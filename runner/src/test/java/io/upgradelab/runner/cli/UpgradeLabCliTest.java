package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.nacos.ServerArchives;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI's answers to people: help, version, and one-line errors with exit code 2 for bad input. */
class UpgradeLabCliTest {

    @TempDir
    Path dir;

    private final InProcessCli cli = new InProcessCli();

    @BeforeEach
    void fakeDistributions() throws IOException {
        // A laid-out 1.4.1 whose jar is empty: enough for everything that must fail before a launch.
        Path version = Files.createDirectories(dir.resolve("dist/1.4.1"));
        Files.createDirectories(version.resolve("lib"));
        Files.writeString(version.resolve("lib/nacos.jar"), "");
        Files.writeString(version.resolve("classpath.txt"), "lib/nacos.jar");
        Files.writeString(version.resolve("distribution.properties"), "version=1.4.1\nmainClass=com.alibaba.nacos.Nacos\n");
        System.setProperty("upgradelab.servers", dir.resolve("dist").toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty("upgradelab.servers");
    }

    @Test
    void versionNamesTheToolAndItsVersion() {
        assertThat(cli.run("--version")).isZero();
        assertThat(cli.out()).startsWith("upgrade-lab ").contains("Java 17");
    }

    @Test
    void helpListsTheCommands() {
        assertThat(cli.run("--help")).isZero();
        assertThat(cli.out()).contains("cluster", "versions", "cleanup", "Exit codes");
    }

    @Test
    void anUnknownOptionIsAUsageErrorThatSaysWhatAndWhere() {
        assertThat(cli.run("cluster", "up", "--nodez", "3")).isEqualTo(2);
        assertThat(cli.err()).contains("Unknown options: '--nodez'")
                .contains("Possible solutions: --nodes")
                .contains("Try 'upgrade-lab cluster up --help'");
    }

    @Test
    void aMalformedNumberIsAUsageError() {
        assertThat(cli.run("cluster", "up", "--nodes", "three")).isEqualTo(2);
        assertThat(cli.err()).contains("--nodes").contains("three");
    }

    @Test
    void anUnknownVersionIsOneLineAndExitTwo() {
        assertThat(cli.run("cluster", "up", "--server-version", "9.9.9", "--dir", dir.resolve("run").toString())).isEqualTo(2);
        assertThat(cli.err().strip())
                .isEqualTo("upgrade-lab: unknown Nacos version '9.9.9': this build has 1.4.1 (in " + dir.resolve("dist") + ")");
        assertThat(dir.resolve("run")).doesNotExist();
    }

    @Test
    void aTakenHttpPortIsOneLineAndExitTwo() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThat(cli.run("cluster", "up", "--nodes", "1", "--port", "" + port, "--dir", dir.resolve("run").toString()))
                    .isEqualTo(2);
            assertThat(cli.err()).contains("upgrade-lab: port " + port + " (HTTP of node 1) is already in use");
        }
    }

    @Test
    void aTakenGrpcPortOfALaterNodeIsRefusedToo() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int firstPort = taken.getLocalPort() - 1000 - 20;   // node 3's gRPC client port is the taken one
            assertThat(cli.run("cluster", "up", "--nodes", "3", "--port", "" + firstPort,
                    "--dir", dir.resolve("run").toString())).isEqualTo(2);
            assertThat(cli.err()).contains("port " + taken.getLocalPort() + " (gRPC for clients of node 3)");
        }
    }

    @Test
    void versionsListsWhatTheBuildLaidOut() {
        assertThat(cli.run("versions")).isZero();
        assertThat(cli.out()).contains("1.4.1").contains("1 jars");
        assertThat(cli.out().lines().filter(l -> l.startsWith("client ")).toList()).as("the client versions shading/ laid out")
                .anySatisfy(l -> assertThat(l).startsWith("client 1.4.1 ").endsWith("  (1x)"))
                .anySatisfy(l -> assertThat(l).startsWith("client 2.0.4 ").endsWith("  (2x)"))
                .anySatisfy(l -> assertThat(l).startsWith("client 2.3.2 ").contains(" jars  "))
                .anySatisfy(l -> assertThat(l).startsWith("client 2.5.1 "));
    }

    @Test
    void versionsOfAnExperimentAlsoListsTheServersItBringsWithTheirSource() throws IOException {
        Path archive = ServerArchives.tarGz(ServerArchives.fakeServer(dir.resolve("server"), "2.5.0", 61), "nacos/",
                dir.resolve("servers/nacos-server-2.5.0.tar.gz"));
        Path experiment = Files.writeString(dir.resolve("experiment.yaml"), """
                name: brought-in
                target:
                  version: 1.4.1
                  nodes: 1
                  local:
                    servers:
                      2.5.0: servers/nacos-server-2.5.0.tar.gz
                phases:
                  - kind: hold
                    for: 1m
                """);

        assertThat(cli.run("versions", experiment.toString())).isZero();

        List<String> servers = cli.out().lines().filter(l -> !l.startsWith("client "))
                .filter(l -> !l.contains("built on first use")).toList();   // the checkout's other recipes
        assertThat(servers).hasSize(2).first().asString().startsWith("1.4.1 ").doesNotContain("brought in");
        assertThat(servers.get(1)).startsWith("2.5.0 ").contains("  2 jars  " + dir.resolve("brought-in"))
                .endsWith("(brought in: " + archive + ")");
    }

    @Test
    void versionsOfAnExperimentWithABrokenServerIsExitTwoAtItsLine() throws IOException {
        Path experiment = Files.writeString(dir.resolve("experiment.yaml"),
                "name: x\ntarget:\n  version: 1.4.1\n  local:\n    servers:\n      2.5.0: none.zip\nphases:\n  - kind: hold\n    for: 1m\n");

        assertThat(cli.run("versions", experiment.toString())).isEqualTo(2);
        assertThat(cli.err()).contains(experiment + ":6: target.local.servers.2.5.0: " + dir.resolve("none.zip")
                + ": no such archive or folder");
    }
}
