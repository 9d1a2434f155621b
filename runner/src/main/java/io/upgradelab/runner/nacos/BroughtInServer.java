package io.upgradelab.runner.nacos;

import io.upgradelab.runner.LabException;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

/**
 * A Nacos server a team brings itself ({@code target.local.servers}): the official
 * {@code nacos-server-X.tar.gz} or {@code .zip} it keeps in its artifact store, or an unpacked
 * server, for versions Maven Central does not carry. It is checked to be a Nacos server, its
 * version read from its own jars, and its class files checked against the Java that runs the lab
 * (the nodes run on that same Java), so a wrong archive is refused before anything starts.
 *
 * <p>Two layouts are understood: the official one, {@code target/nacos-server.jar} (a Spring Boot
 * jar: booted by its manifest's Main-Class, the version from its {@code BOOT-INF/lib/nacos-core-X.jar}),
 * and a classpath one, {@code lib/*.jar} with {@code nacos-core-X.jar} (in the order of
 * {@code classpath.txt} when there is one, else by name), booted by {@code com.alibaba.nacos.Nacos}.
 * Either may sit at the top of the archive or folder or in its one sub-folder ({@code nacos/}).
 * An archive is unpacked once into the cache, under its version and content hash.
 */
public final class BroughtInServer {

    static final String MAIN_CLASS = "com.alibaba.nacos.Nacos";
    static final String FAT_JAR = "target/nacos-server.jar";
    private static final Pattern CORE_JAR = Pattern.compile("(?:.*/)?nacos-core-([0-9][^/]*)\\.jar");
    private static final String NOT_A_SERVER = "not a Nacos server: no " + FAT_JAR + " and no lib/ folder with nacos-core-*.jar";
    private static final String NESTED_LIB = "BOOT-INF/lib/";
    private static final String NESTED_CLASSES = "BOOT-INF/classes/";
    /** Class-file major version of Java 8 is 52: feature = major - 44. */
    private static final int CLASS_FILE_OFFSET = 44;

    private BroughtInServer() {
    }

    /** What a layout says of itself: the version its core jar names, how to boot it, its main class's class-file version. */
    private record Layout(String version, String mainClass, List<Path> classpath, int classFileMajor) {
    }

    /** An archive as it was when read: the same path, size and time are taken for the same bytes. */
    private record ArchiveKey(String version, Path archive, Path cache, long size, FileTime modified) {
    }

    /**
     * The archives read so far in this process, so that one command that validates an experiment
     * more than once and then starts it (run --fit, versions, the local backend) hashes and inspects
     * each archive once. Only what read well is kept: a refused archive is read again, and refused again.
     */
    private static final Map<ArchiveKey, NacosDistribution> READ = new ConcurrentHashMap<>();

    /**
     * Reads the server at {@code source} (archive or folder) that the experiment keys {@code version}.
     * An archive read well before in this process, unchanged since (same size and time) and still
     * unpacked, is not read again.
     *
     * @param cache where archives are unpacked, one folder per version and content hash
     * @throws LabException {@code INVALID_INPUT}: missing, not a Nacos server, another version than
     *                      {@code version}, or needing a newer Java than this one
     */
    public static NacosDistribution read(String version, Path source, Path cache) {
        if (!Files.exists(source)) {
            throw invalid(source, "no such archive or folder");
        }
        try {
            if (Files.isDirectory(source)) {   // a change deep inside a folder shows in none of its own attributes
                return inspect(version, source, source);
            }
            ArchiveKey key = new ArchiveKey(version, source, cache, Files.size(source), Files.getLastModifiedTime(source));
            NacosDistribution known = READ.get(key);
            if (known != null && Files.isDirectory(known.directory())) {
                return known;
            }
            Path folder = unpacked(version, source, cache);
            NacosDistribution server;
            try {
                server = inspect(version, folder, source);
            } catch (LabException | IOException e) {   // unpacked, then refused: no cache of what is never run
                deleteTree(folder);
                throw e;
            }
            READ.put(key, server);
            return server;
        } catch (IOException e) {
            throw invalid(source, "cannot read it: " + e);
        }
    }

    /** The server in {@code folder} (unpacked, or brought as it is), checked to be Nacos {@code version} and to run on this Java. */
    private static NacosDistribution inspect(String version, Path folder, Path source) throws IOException {
        Path root = serverRoot(folder, source);
        Layout layout = Files.isRegularFile(root.resolve(FAT_JAR))
                ? official(root, version, source) : classpath(root, version, source);
        requireJava(layout, source);
        return new NacosDistribution(version, layout.mainClass(), root, layout.classpath(), Optional.of(source),
                consoleClasspath(root, layout, source));
    }

    /**
     * The console's jars, where it can run as a process of its own: an official 3.x {@code
     * nacos-server.jar} holds the console too ({@code -d console}); a class-path layout names them in
     * its {@code console-classpath.txt}, as the built-in 3.x does.
     */
    private static List<Path> consoleClasspath(Path root, Layout layout, Path source) throws IOException {
        if (!NacosVersions.isThreeX(layout.version())) {
            return List.of();
        }
        if (Files.isRegularFile(root.resolve(FAT_JAR))) {
            return layout.classpath();
        }
        if (!Files.isRegularFile(root.resolve(NacosDistributions.CONSOLE_CLASSPATH))) {
            return List.of();
        }
        return NacosDistributions.classpathOf(root, NacosDistributions.CONSOLE_CLASSPATH, entry -> invalid(source,
                NacosDistributions.CONSOLE_CLASSPATH + " names '" + entry + "', which is not a jar in it"));
    }

    /** The cache folder {@code archive} is unpacked in, unpacking it there first if no earlier read did. */
    private static Path unpacked(String version, Path archive, Path cache) throws IOException {
        if (!ServerArchive.isArchive(archive) || !Files.isRegularFile(archive)) {
            throw invalid(archive, "not a folder nor an archive Nacos ships in (.tar.gz, .tgz, .zip)");
        }
        if (Files.size(archive) > ServerArchive.MAX_BYTES) {
            throw invalid(archive, "larger than " + (ServerArchive.MAX_BYTES >> 30) + " GiB, more than any Nacos server");
        }
        Path done = cache.resolve(version.replaceAll("[^A-Za-z0-9.-]", "_") + "-" + sha256(archive).substring(0, 16));
        if (Files.isDirectory(done)) {
            return done;
        }
        Path unpacking = cache.resolve(".unpacking-" + UUID.randomUUID());
        try {
            ServerArchive.unpack(archive, unpacking);
            Files.move(unpacking, done, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (!Files.isDirectory(done)) {   // else another read that finished first is as good as this one
                throw new LabException(LabException.FAILED, archive + ": not unpacked: cannot move it in place in "
                        + cache + ": " + e);
            }
        } finally {
            deleteTree(unpacking);
        }
        return done;
    }

    /** The folder that holds {@code lib/} or {@code target/}: {@code folder}, or its only sub-folder. */
    private static Path serverRoot(Path folder, Path source) throws IOException {
        if (Files.isDirectory(folder.resolve("lib")) || Files.isDirectory(folder.resolve("target"))) {
            return folder;
        }
        List<Path> children;
        try (Stream<Path> list = Files.list(folder)) {
            children = list.toList();
        }
        if (children.isEmpty()) {
            throw invalid(source, "empty: not a Nacos server");
        }
        if (children.size() == 1 && Files.isDirectory(children.get(0))) {
            Path inner = children.get(0);
            if (Files.isDirectory(inner.resolve("lib")) || Files.isDirectory(inner.resolve("target"))) {
                return inner;
            }
        }
        throw invalid(source, NOT_A_SERVER);
    }

    /** The official layout: {@code target/nacos-server.jar}, a Spring Boot jar that holds the server's jars. */
    private static Layout official(Path root, String expected, Path source) throws IOException {
        Path jar = root.resolve(FAT_JAR);
        try (JarFile fat = new JarFile(jar.toFile())) {
            Manifest manifest = Optional.ofNullable(fat.getManifest()).orElseGet(Manifest::new);
            String launcher = manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            String start = Optional.ofNullable(manifest.getMainAttributes().getValue("Start-Class")).orElse(MAIN_CLASS);
            if (launcher == null || launcher.isBlank()) {
                throw invalid(source, FAT_JAR + " has no Main-Class in its manifest: not a Nacos server jar");
            }
            String version = fat.stream().map(e -> CORE_JAR.matcher(e.getName()))
                    .filter(m -> m.matches() && m.group().startsWith(NESTED_LIB)).map(m -> m.group(1))
                    .findFirst().orElseThrow(() -> invalid(source, FAT_JAR + " holds no " + NESTED_LIB
                            + "nacos-core-*.jar: not a Nacos server jar"));
            requireVersion(version, expected, source);
            int major = nestedClassFileMajor(fat, classFile(start))
                    .orElseThrow(() -> invalid(source, FAT_JAR + " does not hold its Start-Class " + start));
            return new Layout(version, launcher.trim(), List.of(jar), major);
        }
    }

    /** The classpath layout: {@code lib/*.jar} with {@code nacos-core-X.jar}, booted by {@link #MAIN_CLASS}. */
    private static Layout classpath(Path root, String expected, Path source) throws IOException {
        List<Path> jars = jarsOf(root, source);
        String version = jars.stream().map(j -> CORE_JAR.matcher(j.getFileName().toString()))
                .filter(Matcher::matches).map(m -> m.group(1)).findFirst()
                .orElseThrow(() -> invalid(source, "not a Nacos server: no lib/nacos-core-*.jar"));
        requireVersion(version, expected, source);
        for (Path jar : jars) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                ZipEntry main = zip.getEntry(classFile(MAIN_CLASS));
                if (main != null) {
                    try (InputStream in = zip.getInputStream(main)) {
                        return new Layout(version, MAIN_CLASS, jars, classFileMajor(in));
                    }
                }
            }
        }
        throw invalid(source, "not a Nacos server: no jar in lib/ holds " + MAIN_CLASS);
    }

    /** The jars in {@code classpath.txt}'s order when there is one (each inside the server), else lib/*.jar by name. */
    private static List<Path> jarsOf(Path root, Path source) throws IOException {
        if (!Files.isDirectory(root.resolve("lib"))) {
            throw invalid(source, NOT_A_SERVER);
        }
        if (Files.isRegularFile(root.resolve(NacosDistributions.CLASSPATH))) {
            return NacosDistributions.classpathOf(root, NacosDistributions.CLASSPATH, entry -> invalid(source,
                    NacosDistributions.CLASSPATH + " names '" + entry + "', which is not a jar in it"));
        }
        try (Stream<Path> lib = Files.list(root.resolve("lib"))) {
            return lib.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p))
                    .sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
        }
    }

    /** The class-file major version of {@code entry}, found in the fat jar's classes or in one of its nested jars. */
    private static Optional<Integer> nestedClassFileMajor(JarFile fat, String entry) throws IOException {
        ZipEntry direct = fat.getEntry(NESTED_CLASSES + entry);
        if (direct != null) {
            try (InputStream in = fat.getInputStream(direct)) {
                return Optional.of(classFileMajor(in));
            }
        }
        List<JarEntry> nested = fat.stream().filter(e -> e.getName().startsWith(NESTED_LIB) && e.getName().endsWith(".jar"))
                .sorted(Comparator.comparing(e -> e.getName().contains("/nacos-") ? 0 : 1)).toList();
        for (JarEntry jar : nested) {
            try (ZipInputStream in = new ZipInputStream(fat.getInputStream(jar))) {
                for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    if (e.getName().equals(entry)) {
                        return Optional.of(classFileMajor(in));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static int classFileMajor(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("the main class is not a class file");
        }
        in.readUnsignedShort();   // minor
        return in.readUnsignedShort();
    }

    /** The version key must be the version the server holds: the lab runs what the file says. */
    private static void requireVersion(String found, String expected, Path source) {
        if (!found.equals(expected)) {
            throw invalid(source, "holds Nacos " + found + ", not " + expected + ": key it '" + found + "'");
        }
    }

    private static void requireJava(Layout layout, Path source) {
        int needed = layout.classFileMajor() - CLASS_FILE_OFFSET;
        int running = Runtime.version().feature();
        if (needed > running) {
            throw invalid(source, "Nacos " + layout.version() + " needs Java " + needed + " or later (its classes are"
                    + " class-file version " + layout.classFileMajor() + "); the lab and its nodes run on Java "
                    + running + ": run upgrade-lab with JDK " + needed + " or later");
        }
    }

    private static String classFile(String className) {
        return className.replace('.', '/') + ".class";
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + folder, e);
        }
    }

    private static LabException invalid(Path source, String why) {
        return LabException.invalidInput(source + ": " + why);
    }
}
