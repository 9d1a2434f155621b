package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's side of building a server on first use: which versions a home can build, where the build
 * lands, and what is left when it fails. A stand-in {@code mvnw} plays Maven (it writes what the real
 * recipes' package phase writes, or fails); DistributionIT builds a real one from the runner tarball.
 */
class ServerRecipesTest {

    @TempDir
    Path home;

    @Test
    void aHomeCanBuildEachVersionWithARecipeButNotTheConsoleModulesOrTheLauncher() throws IOException {
        recipes("2.3.2", "3.1.0", "3.1.0-console", "launcher-3x");
        mavenWrapper("exit 0");

        assertThat(ServerRecipes.of(home).versions()).containsExactly("2.3.2", "3.1.0");
    }

    @Test
    void withoutTheMavenWrapperNothingIsBuildable() throws IOException {
        recipes("2.3.2");

        assertThat(ServerRecipes.of(home).versions()).isEmpty();
    }

    @Test
    void theFirstRequireBuildsTheVersionIntoPlaceAndAsksMavenForItAndItsConsole() throws IOException {
        recipes("3.1.0", "3.1.0-console");
        Path arguments = home.resolve("maven-arguments");
        mavenWrapper(writeDistribution(arguments));
        Path dist = home.resolve("dist");
        NacosDistributions distributions = NacosDistributions.scan(dist, ServerRecipes.of(home));
        assertThat(distributions.versions()).containsExactly("3.1.0");
        assertThat(distributions.buildable()).containsExactly("3.1.0");

        NacosDistribution built = distributions.require("3.1.0");

        assertThat(built.directory()).isEqualTo(dist.resolve("3.1.0"));
        assertThat(built.classpath()).singleElement().satisfies(jar -> assertThat(jar).hasFileName("server.jar"));
        assertThat(Files.readString(arguments)).contains("-pl 3.1.0,3.1.0-console -am package",
                "-Dnacos.dist.dir=" + dist.resolve(".3.1.0.building"));
        assertThat(dist.resolve(".3.1.0.building")).doesNotExist();
        assertThat(dist.resolve("build-3.1.0.log")).doesNotExist();
        assertThat(NacosDistributions.scan(dist, ServerRecipes.of(home)).buildable()).isEmpty();
    }

    @Test
    void aFailedBuildLeavesNoHalfServerAndNamesItsLog() throws IOException {
        recipes("2.3.2");
        mavenWrapper("mkdir -p \"${@: -1}\" 2>/dev/null; echo 'Could not resolve dependencies' ; exit 1");
        Path dist = home.resolve("dist");

        assertThatThrownBy(() -> NacosDistributions.scan(dist, ServerRecipes.of(home)).require("2.3.2"))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("building Nacos 2.3.2 failed (exit 1)")
                .hasMessageContaining(dist.resolve("build-2.3.2.log").toString());
        assertThat(dist.resolve("build-2.3.2.log")).content().contains("Could not resolve dependencies");
        assertThat(dist.resolve("2.3.2")).doesNotExist();
        assertThat(dist.resolve(".2.3.2.building")).doesNotExist();
    }

    private void recipes(String... modules) throws IOException {
        Path recipes = Files.createDirectories(home.resolve("runner/nacos-servers"));
        Files.writeString(recipes.resolve("pom.xml"), "<project/>");
        for (String module : modules) {
            Files.createDirectories(recipes.resolve(module));
            Files.writeString(recipes.resolve(module).resolve("pom.xml"), "<project/>");
        }
    }

    /** What a recipe's package phase leaves in -Dnacos.dist.dir: a descriptor, a class path and its jars. */
    private static String writeDistribution(Path arguments) {
        return "echo \"$*\" > '" + arguments + "'\n"
                + "dir=\"${@: -1}\"; dir=\"${dir#-Dnacos.dist.dir=}\"\n"
                + "version=\"${dir##*/.}\"; version=\"${version%.building}\"\n"
                + "mkdir -p \"$dir/lib\" && echo jar > \"$dir/lib/server.jar\" && echo -n lib/server.jar > \"$dir/classpath.txt\"\n"
                + "printf 'version=%s\\nmainClass=com.alibaba.nacos.Nacos\\n' \"$version\" > \"$dir/distribution.properties\"\n";
    }

    private void mavenWrapper(String body) throws IOException {
        Path wrapper = home.resolve("mvnw");
        Files.writeString(wrapper, "#!/usr/bin/env bash\n" + body + "\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
