package io.upgradelab.runner.nacos;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/**
 * Nacos server archives built at test time: from a built-in distribution or from small fake jars,
 * in the classpath and the official layouts, and hostile ones. Nothing is downloaded.
 */
public final class ServerArchives {

    private ServerArchives() {
    }

    /** A fake server in the classpath layout: lib/nacos-core-V.jar and a console jar whose Nacos.class has {@code classFileMajor}. */
    public static Path fakeServer(Path folder, String version, int classFileMajor) throws IOException {
        Files.createDirectories(folder.resolve("lib"));
        zip(folder.resolve("lib/nacos-core-" + version + ".jar"), Map.of("META-INF/nacos-core.txt", new byte[0]));
        zip(folder.resolve("lib/nacos-console-" + version + ".jar"),
                Map.of("com/alibaba/nacos/Nacos.class", classFile(classFileMajor)));
        return folder;
    }

    /** The first bytes of a class file of {@code major} (61 is Java 17): all the lab reads of it. */
    public static byte[] classFile(int major) {
        return new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, (byte) (major >> 8), (byte) major};
    }

    /** {@code folder}'s files as a .tar.gz, each under {@code prefix} (e.g. "nacos/"). */
    public static Path tarGz(Path folder, String prefix, Path archive) throws IOException {
        try (TarArchiveOutputStream tar = tarOut(archive); Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                TarArchiveEntry entry = new TarArchiveEntry(file.toFile(), prefix + folder.relativize(file));
                tar.putArchiveEntry(entry);
                Files.copy(file, tar);
                tar.closeArchiveEntry();
            }
        }
        return archive;
    }

    /** A .tar.gz of {@code entries} (name to bytes) exactly as named, "../" and all. */
    public static Path tarGz(Path archive, Map<String, byte[]> entries) throws IOException {
        try (TarArchiveOutputStream tar = tarOut(archive)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                TarArchiveEntry entry = new TarArchiveEntry(e.getKey(), true);
                entry.setSize(e.getValue().length);
                tar.putArchiveEntry(entry);
                tar.write(e.getValue());
                tar.closeArchiveEntry();
            }
        }
        return archive;
    }

    /** A .tar.gz whose one entry is a symbolic link {@code name} to {@code target}. */
    public static Path tarGzWithLink(Path archive, String name, String target) throws IOException {
        try (TarArchiveOutputStream tar = tarOut(archive)) {
            TarArchiveEntry link = new TarArchiveEntry(name, TarArchiveEntry.LF_SYMLINK);
            link.setLinkName(target);
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
        }
        return archive;
    }

    /** A zip (or jar) of {@code entries}. */
    public static Path zip(Path archive, Map<String, byte[]> entries) throws IOException {
        Files.createDirectories(archive.getParent());
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive))) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return archive;
    }

    /** {@code folder}'s files as a .zip, each under {@code prefix}. */
    public static Path zip(Path folder, String prefix, Path archive) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(archive)); Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(prefix + folder.relativize(file)));
                Files.copy(file, zip);
                zip.closeEntry();
            }
        }
        return archive;
    }

    /**
     * An official-layout server in {@code folder}: {@code target/nacos-server.jar}, a Spring Boot
     * jar holding {@code jars} stored (uncompressed, as Spring Boot needs them) under BOOT-INF/lib in
     * this order, started by {@code launcher} with Start-Class com.alibaba.nacos.Nacos; the
     * launcher's classes are copied in from {@code loaderJar} when given.
     */
    public static Path officialServer(Path folder, List<Path> jars, String launcher, Path loaderJar) throws IOException {
        return officialServer(folder, jars, launcher, BroughtInServer.MAIN_CLASS, loaderJar);
    }

    /** The same, its Spring Boot jar starting {@code startClass} (3.x's own bootstrap, or the lab's starter for it). */
    public static Path officialServer(Path folder, List<Path> jars, String launcher, String startClass, Path loaderJar)
            throws IOException {
        Path jar = Files.createDirectories(folder.resolve("target")).resolve("nacos-server.jar");
        Files.createDirectories(folder.resolve("conf"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, launcher);
        manifest.getMainAttributes().putValue("Start-Class", startClass);
        manifest.getMainAttributes().putValue("Spring-Boot-Classes", "BOOT-INF/classes/");
        manifest.getMainAttributes().putValue("Spring-Boot-Lib", "BOOT-INF/lib/");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            if (loaderJar != null) {
                copyLoader(loaderJar, out);
            }
            out.putNextEntry(new JarEntry("BOOT-INF/classes/"));
            out.closeEntry();
            for (Path lib : jars) {
                stored(out, "BOOT-INF/lib/" + lib.getFileName(), Files.readAllBytes(lib));
            }
        }
        return folder;
    }

    private static void copyLoader(Path loaderJar, JarOutputStream out) throws IOException {
        try (ZipFile loader = new ZipFile(loaderJar.toFile())) {
            for (ZipEntry e : loader.stream().filter(e -> e.getName().startsWith("org/")).toList()) {
                out.putNextEntry(new JarEntry(e.getName()));
                if (!e.isDirectory()) {
                    loader.getInputStream(e).transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    private static void stored(JarOutputStream out, String name, byte[] bytes) throws IOException {
        JarEntry entry = new JarEntry(name);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        entry.setMethod(ZipEntry.STORED);
        entry.setSize(bytes.length);
        entry.setCompressedSize(bytes.length);
        entry.setCrc(crc.getValue());
        out.putNextEntry(entry);
        out.write(bytes);
        out.closeEntry();
    }

    private static TarArchiveOutputStream tarOut(Path archive) throws IOException {
        Files.createDirectories(archive.getParent());
        OutputStream gzip = new GzipCompressorOutputStream(Files.newOutputStream(archive));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip);
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
        return tar;
    }
}
