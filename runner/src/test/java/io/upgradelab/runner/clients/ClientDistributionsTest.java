package io.upgradelab.runner.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistribution.LaidOutJar;
import io.upgradelab.runner.experiment.FakeDistributions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client versions as the runner finds them: by listing what shading/ laid out, shorthands read as versions. */
class ClientDistributionsTest {

    @TempDir
    Path dir;

    @Test
    void theBuildLaysOutEveryClientVersionWithItsOwnLibraries() {
        ClientDistributions built = ClientDistributions.scan(LabHome.clientDistributions());

        assertThat(built.versions()).containsExactly("1.4.1", "2.0.4", "2.3.2", "2.5.1", "3.1.1");
        ClientDistribution newest = built.require("2.5.1");
        assertThat(newest.shadedPrefix()).isEqualTo("io.upgradelab.shaded.nacos_2_5_1");
        assertThat(newest.jars()).extracting(LaidOutJar::artifact)
                .contains("com/alibaba/nacos/nacos-client", "org/yaml/snakeyaml")
                .doesNotContain("io/upgradelab/naming-api");
        assertThat(newest.jars()).filteredOn(j -> j.artifact().equals("com/alibaba/nacos/nacos-client"))
                .singleElement().extracting(j -> j.file().getFileName().toString()).isEqualTo("nacos-client-2.5.1.jar");
    }

    @Test
    void shorthandsFindTheVersionsTheyStandFor() throws IOException {
        ClientDistributions clients = FakeDistributions.clients(dir, "1.4.1", "2.0.4", "2.3.2");

        assertThat(clients.find("1x")).map(ClientDistribution::version).hasValue("1.4.1");
        assertThat(clients.find("2X")).map(ClientDistribution::version).hasValue("2.0.4");
        assertThat(clients.find("2.3.2")).map(ClientDistribution::version).hasValue("2.3.2");
        assertThat(clients.find("3x")).isEmpty();
    }

    @Test
    void versionsAreListedInReleaseOrderNotAsText() throws IOException {
        ClientDistributions clients = FakeDistributions.clients(dir, "2.10.0", "2.5.1", "1.4.1");

        assertThat(clients.versions()).containsExactly("1.4.1", "2.5.1", "2.10.0");
        assertThat(clients.all()).extracting(ClientDistribution::version).containsExactly("1.4.1", "2.5.1", "2.10.0");
    }

    @Test
    void anUnknownVersionIsInvalidInputNamingTheKnownOnesAndNoLayoutIsABuildToDo() throws IOException {
        ClientDistributions clients = FakeDistributions.clients(dir.resolve("clients"), "1.4.1", "2.3.2");

        assertThatThrownBy(() -> clients.require("2.4.0\u001b[31m")).isInstanceOf(LabException.class)
                .hasMessage("unknown client version '2.4.0\\u001b[31m': this build has 1.4.1, 2.3.2 (1x = 1.4.1,"
                        + " 2x = 2.0.4; see 'upgrade-lab versions')")
                .extracting(e -> ((LabException) e).exitCode()).isEqualTo(LabException.INVALID_INPUT);
        assertThatThrownBy(() -> ClientDistributions.scan(dir.resolve("none")).require("1x"))
                .hasMessageContaining("no nacos-client versions in").hasMessageEndingWith("(./mvnw -q package -DskipTests)");
    }

    @Test
    void aJarInTheRepositoryLayoutIsKnownByItsGroupAndArtifact() throws IOException {
        Path lib = dir.resolve("lib");
        Files.createDirectories(lib.resolve("io/netty/netty-transport-native-epoll/4.1.113.Final"));
        Files.writeString(lib.resolve("io/netty/netty-transport-native-epoll/4.1.113.Final/"
                + "netty-transport-native-epoll-4.1.113.Final-linux-x86_64.jar"), "");
        Files.writeString(lib.resolve("io/netty/netty-transport-native-epoll/4.1.113.Final/"
                + "netty-transport-native-epoll-4.1.113.Final-linux-aarch_64.jar"), "");

        assertThat(LaidOutJar.under(lib)).extracting(LaidOutJar::artifact).as("one artifact, two classifiers")
                .containsExactly("io/netty/netty-transport-native-epoll", "io/netty/netty-transport-native-epoll");
    }
}
