package io.upgradelab.runner.nacos;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The Nacos server versions this build provides, found by listing the distributions directory.
 *
 * <p>The runner holds no list of versions: the build (runner/nacos-servers) writes one directory
 * per version with a {@code distribution.properties} and a {@code classpath.txt}, and whatever is
 * there is what {@code --version} accepts. An experiment can add versions of its own
 * ({@link #withBroughtIn}).
 */
public final class NacosDistributions {

    static final String DESCRIPTOR = "distribution.properties";
    static final String CLASSPATH = "classpath.txt";
    /** The console's class path, where a 3.x version's console can run as a process of its own. */
    static final String CONSOLE_CLASSPATH = "console-classpath.txt";
    /** Beside the built-in distributions: the brought-in archives, unpacked. */
    static final String BROUGHT_IN = "brought-in";

    private final Path root;
    private final Map<String, NacosDistribution> byVersion;
    private final ServerRecipes recipes;

    private NacosDistributions(Path root, Map<String, NacosDistribution> byVersion, ServerRecipes recipes) {
        this.root = root;
        this.byVersion = byVersion;
        this.recipes = recipes;
    }

    /** This installation's servers: those built, and those it builds on first use ({@link ServerRecipes}). */
    public static NacosDistributions installed() {
        return scan(LabHome.serverDistributions(), ServerRecipes.of(LabHome.root()));
    }

    /** The servers built in {@code root}, and none to build. */
    public static NacosDistributions scan(Path root) {
        return scan(root, ServerRecipes.none());
    }

    static NacosDistributions scan(Path root, ServerRecipes recipes) {
        Map<String, NacosDistribution> found = new TreeMap<>(NacosVersions.ORDER);
        if (Files.isDirectory(root)) {
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(dir -> !dir.getFileName().toString().startsWith("."))   // one being built
                        .filter(dir -> Files.isRegularFile(dir.resolve(DESCRIPTOR)))
                        .map(NacosDistributions::read)
                        .forEach(d -> found.put(d.version(), d));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new NacosDistributions(root, Collections.unmodifiableMap(found), recipes);
    }

    /** Every version a run may name: those built, brought in, and built on first use. */
    public List<String> versions() {
        TreeSet<String> versions = new TreeSet<>(NacosVersions.ORDER);
        versions.addAll(byVersion.keySet());
        versions.addAll(recipes.versions());
        return List.copyOf(versions);
    }

    /** The versions not built yet that the first run needing one builds. */
    public List<String> buildable() {
        return recipes.versions().stream().filter(version -> !byVersion.containsKey(version)).toList();
    }

    public List<NacosDistribution> all() {
        return List.copyOf(byVersion.values());
    }

    /**
     * These distributions and the servers an experiment brings ({@code target.local.servers}: version to
     * absolute path), each read by {@link BroughtInServer} and unpacked, when an archive, into
     * {@code brought-in/} beside the built-in ones. A server that cannot be used is left out and
     * goes to {@code problems} with its version and why.
     */
    public NacosDistributions withBroughtIn(Map<String, String> servers, BiConsumer<String, String> problems) {
        Map<String, NacosDistribution> all = new TreeMap<>(NacosVersions.ORDER);
        all.putAll(byVersion);
        servers.forEach((version, path) -> {
            try {
                NacosDistribution server = BroughtInServer.read(version, pathOf(path), root.resolveSibling(BROUGHT_IN));
                shadowProblem(server).ifPresentOrElse(problem -> problems.accept(version, problem),
                        () -> all.put(version, server));
            } catch (LabException e) {
                problems.accept(version, e.getMessage());
            }
        });
        return new NacosDistributions(root, Collections.unmodifiableMap(all), recipes);
    }

    /**
     * {@link #withBroughtIn(Map, BiConsumer)} for servers an experiment's validation has already
     * read: none can fail now but by a change since, which ends the command as invalid input.
     */
    public NacosDistributions withBroughtIn(Map<String, String> servers) {
        return withBroughtIn(servers, (version, problem) -> {
            throw LabException.invalidInput("target.local.servers." + version + ": " + problem);
        });
    }

    private static Path pathOf(String path) {
        try {
            return Path.of(path);
        } catch (InvalidPathException e) {
            throw LabException.invalidInput("not a path: it holds a character no file name can have");
        }
    }

    /**
     * Why {@code server} may not stand for the built-in version it names: a built-in one with other
     * jars (by name and size). The same jars are the same server, and welcome.
     */
    private Optional<String> shadowProblem(NacosDistribution server) {
        NacosDistribution builtIn = byVersion.get(server.version());
        if (builtIn == null || jars(builtIn).equals(jars(server))) {
            return Optional.empty();
        }
        return Optional.of(server.source().orElseThrow() + ": Nacos " + server.version() + " is built in ("
                + builtIn.directory() + ") with other jars, and a brought-in server may not replace it: remove this entry to"
                + " run the built-in one");
    }

    private static Map<String, Long> jars(NacosDistribution distribution) {
        Map<String, Long> jars = new TreeMap<>();
        for (Path jar : distribution.classpath()) {
            try {
                jars.put(jar.getFileName().toString(), Files.size(jar));
            } catch (IOException e) {
                jars.put(jar.getFileName().toString(), -1L);
            }
        }
        return jars;
    }

    /**
     * The distribution of {@code version}, built now when it is one to build on first use, or an
     * invalid-input error naming the versions there are.
     */
    public NacosDistribution require(String version) {
        NacosDistribution distribution = byVersion.get(version);
        if (distribution != null) {
            return distribution;
        }
        if (recipes.versions().contains(version)) {
            return read(recipes.build(version, root, line -> System.err.println("upgrade-lab: " + line)));
        }
        if (byVersion.isEmpty()) {
            throw LabException.invalidInput("no Nacos server distributions in " + root
                    + ": build them first (./mvnw -q package -DskipTests)");
        }
        throw LabException.invalidInput("unknown Nacos version '" + version + "': this build has "
                + String.join(", ", byVersion.keySet()) + " (in " + root + ")");
    }

    private static NacosDistribution read(Path dir) {
        Properties descriptor = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(DESCRIPTOR))) {
            descriptor.load(in);
            String version = required(descriptor, "version", dir);
            String mainClass = required(descriptor, "mainClass", dir);
            Function<String, LabException> missing = entry -> new LabException(LabException.FAILED, "broken Nacos "
                    + version + " distribution: " + dir + File.separator + entry
                    + " is missing; rebuild with ./mvnw -q package -DskipTests");
            List<Path> classpath = classpathOf(dir, CLASSPATH, missing);
            List<Path> console = Files.isRegularFile(dir.resolve(CONSOLE_CLASSPATH))
                    ? classpathOf(dir, CONSOLE_CLASSPATH, missing) : List.of();
            return new NacosDistribution(version, mainClass, dir, classpath, Optional.empty(), console);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot read Nacos distribution " + dir + ": " + e);
        }
    }

    /**
     * The jars {@code dir}'s {@code file} ({@code classpath.txt}, {@code console-classpath.txt})
     * names, in its order: built-in and brought-in servers alike. Each must be a file inside {@code
     * dir}; for one that is not (missing, outside, no file name at all), {@code notAJar} says what is
     * wrong with that entry, as written.
     */
    static List<Path> classpathOf(Path dir, String file, Function<String, LabException> notAJar) throws IOException {
        List<Path> classpath = new ArrayList<>();
        for (String entry : Files.readString(dir.resolve(file)).trim().split(":")) {
            classpath.add(ServerArchive.inside(dir, entry).filter(Files::isRegularFile)
                    .orElseThrow(() -> notAJar.apply(entry)));
        }
        return classpath;
    }

    private static String required(Properties descriptor, String key, Path dir) {
        String value = descriptor.getProperty(key);
        if (value == null || value.isBlank() || value.contains("${")) {
            throw new LabException(LabException.FAILED,
                    dir.resolve(DESCRIPTOR) + ": '" + key + "' is missing; rebuild with ./mvnw -q package -DskipTests");
        }
        return value.trim();
    }
}
