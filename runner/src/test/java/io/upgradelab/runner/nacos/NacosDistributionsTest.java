package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NacosDistributionsTest {

    @TempDir
    Path root;

    @Test
    void findsEveryVersionTheBuildLaidOutInNumericOrder() throws IOException {
        layOut("2.10.0", "a.jar", "b.jar");
        layOut("1.4.1", "nacos-console-1.4.1.jar");
        layOut("2.0.4", "x.jar");

        NacosDistributions found = NacosDistributions.scan(root);

        assertThat(found.versions()).containsExactly("1.4.1", "2.0.4", "2.10.0");
        NacosDistribution d = found.require("2.10.0");
        assertThat(d.mainClass()).isEqualTo("com.alibaba.nacos.Nacos");
        assertThat(d.classpath()).containsExactly(root.resolve("2.10.0/lib/a.jar"), root.resolve("2.10.0/lib/b.jar"));
        assertThat(d.generation()).isEqualTo(2);
    }

    @Test
    void anUnknownVersionIsInvalidInputNamingTheVersionsThereAre() throws IOException {
        layOut("1.4.1", "a.jar");
        layOut("2.0.4", "a.jar");

        assertThatThrownBy(() -> NacosDistributions.scan(root).require("1.2.3"))
                .isInstanceOfSatisfying(LabException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT))
                .hasMessage("unknown Nacos version '1.2.3': this build has 1.4.1, 2.0.4 (in " + root + ")");
    }

    @Test
    void noDistributionsAtAllTellsHowToBuildThem() {
        assertThatThrownBy(() -> NacosDistributions.scan(root.resolve("absent")).require("1.4.1"))
                .isInstanceOf(LabException.class).hasMessageContaining("./mvnw -q package -DskipTests");
    }

    @Test
    void aJarMissingFromTheClasspathIsReportedByName() throws IOException {
        layOut("1.4.1", "a.jar");
        Files.delete(root.resolve("1.4.1/lib/a.jar"));

        assertThatThrownBy(() -> NacosDistributions.scan(root))
                .isInstanceOf(LabException.class).hasMessageContaining("1.4.1/lib/a.jar is missing");
    }

    /** A 3.x console runs apart from the nodes, on the jars its console-classpath.txt names; older versions have none. */
    @Test
    void aConsoleClasspathBesideTheServersMakesAConsoleOfItsOwn() throws IOException {
        layOut("3.1.0", "server.jar", "shared.jar");
        Files.writeString(Files.createFile(root.resolve("3.1.0/lib/console.jar")), "jar");
        Files.writeString(root.resolve("3.1.0/console-classpath.txt"), "lib/console.jar:lib/shared.jar");
        layOut("2.3.2", "a.jar");

        NacosDistributions found = NacosDistributions.scan(root);

        assertThat(found.require("3.1.0").consoleClasspath())
                .containsExactly(root.resolve("3.1.0/lib/console.jar"), root.resolve("3.1.0/lib/shared.jar"));
        assertThat(found.require("3.1.0").classpath()).doesNotContain(root.resolve("3.1.0/lib/console.jar"));
        assertThat(found.require("2.3.2").hasConsole()).isFalse();
    }

    private void layOut(String version, String... jars) throws IOException {
        Path dir = Files.createDirectories(root.resolve(version).resolve("lib"));
        StringBuilder classpath = new StringBuilder();
        for (String jar : jars) {
            Files.writeString(dir.resolve(jar), "");
            classpath.append(classpath.length() == 0 ? "" : ":").append("lib/").append(jar);
        }
        Files.writeString(root.resolve(version).resolve(NacosDistributions.CLASSPATH), classpath);
        Files.writeString(root.resolve(version).resolve(NacosDistributions.DESCRIPTOR),
                "version=" + version + "\nmainClass=com.alibaba.nacos.Nacos\n");
    }
}
