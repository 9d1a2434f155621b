package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.nacos.ServerArchives;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * target.local.servers in an experiment file: a brought-in version is one the file may name, read from
 * a path relative to the file; a server that cannot run is an error at its version's line. Only
 * the local backend has the section (ExperimentErrorsTest: one rule for every backend's).
 */
class ExperimentServersTest {

    private static final String FILE = """
            name: servers
            target:
              version: 2.0.4
              nodes: 1
              local:
                servers:
                  2.5.0: servers/nacos-server-2.5.0.tar.gz
            phases:
              - kind: rollingServerUpgrade
                to: 2.5.0
            """;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");

    @Test
    void aBroughtInVersionIsOneTheFileMayNameAndItsPathIsReadFromTheFilesFolder() throws IOException {
        Path archive = archiveOf("2.5.0");

        ValidatedExperiment valid = files.load(FILE);

        assertThat(valid.experiment().target().local().servers()).containsExactly(Map.entry("2.5.0", archive.toString()));
        try (Stream<Path> unpacked = Files.list(files.dir().resolve("brought-in"))) {
            assertThat(unpacked.toList()).singleElement().asString().contains("2.5.0-");
        }
    }

    @Test
    void aServerOfAnotherVersionIsAnErrorAtItsLine() throws IOException {
        Path archive = archiveOf("2.4.3");
        Files.move(archive, archive.resolveSibling("nacos-server-2.5.0.tar.gz"));

        assertThat(files.errors(FILE)).containsExactly(files.file() + ":7: target.local.servers.2.5.0: "
                + files.dir().resolve("servers/nacos-server-2.5.0.tar.gz")
                + ": holds Nacos 2.4.3, not 2.5.0: key it '2.4.3'");
    }

    @Test
    void aMissingServerIsAnErrorAtItsLineAndItsVersionIsNotAlsoUnknown() {
        assertThat(files.errors(FILE)).containsExactly(files.file() + ":7: target.local.servers.2.5.0: "
                + files.dir().resolve("servers/nacos-server-2.5.0.tar.gz") + ": no such archive or folder");
    }

    @Test
    void aBroughtInServerMayNotReplaceABuiltInOneWithOtherJars() throws IOException {
        archiveOf("2.0.4");
        String text = FILE.replace("2.5.0: servers/nacos-server-2.5.0.tar.gz", "2.0.4: servers/nacos-server-2.0.4.tar.gz")
                .replace("to: 2.5.0", "to: 2.0.4").replace("version: 2.0.4", "version: 1.4.1");

        assertThat(files.errors(text)).singleElement().asString()
                .startsWith(files.file() + ":7: target.local.servers.2.0.4: ")
                .contains(": Nacos 2.0.4 is built in (" + files.dir().resolve("dist/2.0.4") + ") with other jars");
    }

    @Test
    void aKeyThatIsNoVersionIsASchemaError() {
        String text = FILE.replace("2.5.0: servers", "latest: servers");

        assertThat(files.errors(text)).containsExactly(files.file() + ":6: target.local.servers: each key is the Nacos"
                + " version of its server, written like 2.5.0");
    }

    private Path archiveOf(String version) throws IOException {
        Path server = ServerArchives.fakeServer(files.dir().resolve("src-" + version), version, 61);
        return ServerArchives.tarGz(server, "nacos/",
                files.dir().resolve("servers/nacos-server-" + version + ".tar.gz"));
    }
}
