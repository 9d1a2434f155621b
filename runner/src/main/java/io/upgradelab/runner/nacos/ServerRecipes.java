package io.upgradelab.runner.nacos;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.process.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The Nacos server versions an installation can build on first use, so that a team downloads the lab
 * without the 600 MB of server distributions it may never run.
 *
 * <p>A recipe is the Maven module that builds a distribution in the checkout
 * ({@code runner/nacos-servers/<version>/pom.xml}, with {@code <version>-console/} beside it for a 3.x
 * console); every tarball ships them with the Maven wrapper. The first run that needs a version runs
 * {@code ./mvnw package} on its module, which resolves the server from Maven Central (or the mirror the
 * user's Maven settings name; {@code MAVEN_ARGS=-o} builds from the local repository alone), into a hidden
 * directory beside the built-in ones, renamed into place when whole: an interrupted build leaves no half
 * server behind, and two runs building at once build it once.
 */
public final class ServerRecipes {

    /** How long one build may take: resolving a server's 150 MB from Maven Central on a slow line. */
    static final Duration LONGEST_BUILD = Duration.ofMinutes(20);
    private static final String CONSOLE = "-console";

    private final Path recipes;
    private final Path mavenWrapper;
    /** The versions with a recipe, listed once: a run asks for them at every check of a version. */
    private final List<String> versions;

    private ServerRecipes(Path recipes, Path mavenWrapper) {
        this.recipes = recipes;
        this.mavenWrapper = mavenWrapper;
        this.versions = list(recipes, mavenWrapper);
    }

    /** The recipes under {@code home}'s {@code runner/nacos-servers}, built with {@code home}'s {@code mvnw}. */
    public static ServerRecipes of(Path home) {
        return new ServerRecipes(home.resolve("runner/nacos-servers"), home.resolve("mvnw"));
    }

    /** No recipe: only what is built (tests, and a home without recipes). */
    public static ServerRecipes none() {
        return new ServerRecipes(null, null);
    }

    /** The versions with a recipe: a directory named by a version holding a pom.xml, when the wrapper is there. */
    public List<String> versions() {
        return versions;
    }

    private static List<String> list(Path recipes, Path mavenWrapper) {
        if (recipes == null || !Files.isRegularFile(mavenWrapper) || !Files.isRegularFile(recipes.resolve("pom.xml"))) {
            return List.of();
        }
        TreeSet<String> versions = new TreeSet<>(NacosVersions.ORDER);
        try (Stream<Path> dirs = Files.list(recipes)) {
            dirs.map(dir -> dir.getFileName().toString())
                    .filter(name -> name.matches("[0-9]+\\.[0-9]+\\.[0-9]+.*") && !name.endsWith(CONSOLE))
                    .filter(name -> Files.isRegularFile(recipes.resolve(name).resolve("pom.xml")))
                    .forEach(versions::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(versions);
    }

    /**
     * Builds {@code version} into {@code distributions/<version>} unless it is there already, saying what
     * it does through {@code progress}, and returns that directory.
     */
    public Path build(String version, Path distributions, Consumer<String> progress) {
        Path target = distributions.resolve(version);
        try {
            Files.createDirectories(distributions);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot build Nacos " + version + " into " + distributions + ": "
                    + e + " (unpack the lab where you can write, or set UPGRADE_LAB_SERVERS to a directory of yours)");
        }
        try (FileChannel channel = FileChannel.open(distributions.resolve(".build.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
            if (!Files.isRegularFile(target.resolve(NacosDistributions.DESCRIPTOR))) {
                runMaven(version, distributions, target, progress);
            }
            return target;
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot build Nacos " + version + " into " + distributions + ": " + e);
        }
    }

    private void runMaven(String version, Path distributions, Path target, Consumer<String> progress) throws IOException {
        Path building = distributions.resolve("." + version + ".building");
        Path log = distributions.resolve("build-" + version + ".log");
        deleteTree(building);
        Files.deleteIfExists(log);
        progress.accept("Nacos " + version + " is not built here yet: building it once from Maven Central with "
                + recipes.resolve(version).resolve("pom.xml") + " (a few minutes the first time; log: " + log + ")");
        ChildProcess maven = ChildProcess.start("maven-" + version, command(version, building), Map.of(),
                recipes, log);
        boolean ended = maven.awaitExit(LONGEST_BUILD);
        if (!ended || maven.exitCode() != 0) {
            maven.stop(Duration.ofSeconds(5));
            deleteTree(building);
            throw new LabException(LabException.FAILED, "building Nacos " + version + " "
                    + (ended ? "failed (exit " + maven.exitCode() + ")" : "took over " + LONGEST_BUILD.toMinutes() + " min")
                    + ": see " + log + " (behind a proxy or a mirror, give Maven its settings; offline, MAVEN_ARGS=-o)");
        }
        Files.move(building, target, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(log);
        progress.accept("Nacos " + version + " built: " + target);
    }

    /** {@code ./mvnw package} on the version's module (and its console's), the modules they need, into {@code into}. */
    private List<String> command(String version, Path into) {
        List<String> modules = new ArrayList<>(List.of(version));
        if (Files.isRegularFile(recipes.resolve(version + CONSOLE).resolve("pom.xml"))) {
            modules.add(version + CONSOLE);
        }
        return List.of(mavenWrapper.toString(), "-B", "-ntp", "-f", recipes.resolve("pom.xml").toString(),
                "-pl", String.join(",", modules), "-am", "package", "-DskipTests", "-Dnacos.dist.dir=" + into);
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(all.toList());
            Collections.reverse(paths);
            for (Path path : paths) {
                Files.delete(path);
            }
        }
    }
}
