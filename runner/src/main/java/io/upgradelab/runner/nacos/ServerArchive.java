package io.upgradelab.runner.nacos;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.runner.LabException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.commons.compress.archivers.ArchiveEntry;
import org.apache.commons.compress.archivers.ArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Unpacks a Nacos server archive as teams keep them ({@code nacos-server-X.tar.gz}, {@code .tgz},
 * {@code .zip}) into a folder, refusing what an archive from a careless or hostile source can hold
 * and a server never does: entries that would land outside the folder ({@code ../}, absolute
 * names), links, devices, and more entries or bytes than any Nacos server has. Nothing is taken
 * on the archive's word: sizes are counted as the bytes come.
 */
final class ServerArchive {

    /** Unpacked bytes at most: an official 2.x server is about 150 MB. */
    static final long MAX_BYTES = 2L << 30;
    /** Entries at most: an official server has a few hundred. */
    static final int MAX_ENTRIES = 20_000;

    private ServerArchive() {
    }

    /** Whether {@code file} is named as an archive this class unpacks. */
    static boolean isArchive(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".tar.gz") || name.endsWith(".tgz") || name.endsWith(".zip");
    }

    /**
     * Unpacks {@code archive} into {@code target}, created here.
     *
     * @throws LabException {@code INVALID_INPUT} naming the entry that is refused, or when the
     *                      archive does not read as its name says
     */
    static void unpack(Path archive, Path target) throws IOException {
        Files.createDirectories(target);
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(archive));
             ArchiveInputStream<? extends ArchiveEntry> in = open(archive, raw)) {
            long total = 0;
            int count = 0;
            for (ArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (++count > MAX_ENTRIES) {
                    throw refused(archive, "it has more than " + MAX_ENTRIES + " entries, more than any Nacos server");
                }
                Path to = placeOf(entry, target, archive);
                if (entry.isDirectory()) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    total += copy(in, to, MAX_BYTES - total, archive);
                }
            }
        } catch (IOException e) {
            throw refused(archive, "it does not read as " + kind(archive) + ": " + e.getMessage());
        }
    }

    private static ArchiveInputStream<? extends ArchiveEntry> open(Path archive, InputStream raw) throws IOException {
        return kind(archive).equals("a zip archive")
                ? new ZipArchiveInputStream(raw, "UTF-8", true, true)
                : new TarArchiveInputStream(new GzipCompressorInputStream(raw));
    }

    private static String kind(Path archive) {
        return archive.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip")
                ? "a zip archive" : "a gzip-compressed tar archive";
    }

    /** Where {@code entry} goes under {@code target}, or why it may not go anywhere. */
    private static Path placeOf(ArchiveEntry entry, Path target, Path archive) {
        String name = entry.getName();
        if (!isPlainFileOrFolder(entry)) {
            throw refused(archive, "entry '" + ControlCharacters.shown(name) + "' is a link or a device; a Nacos server has only files and folders");
        }
        boolean escapes = name.isEmpty() || name.startsWith("/") || name.contains("\\") || name.indexOf('\0') >= 0
                || ("/" + name + "/").contains("/../");
        Path to = escapes ? target : target.resolve(name).normalize();
        if (escapes || !to.startsWith(target) || to.equals(target) && !entry.isDirectory()) {
            throw refused(archive, "entry '" + ControlCharacters.shown(name) + "' would be written outside the folder it unpacks to");
        }
        return to;
    }

    private static boolean isPlainFileOrFolder(ArchiveEntry entry) {
        if (entry instanceof TarArchiveEntry tar) {
            boolean special = tar.isSymbolicLink() || tar.isLink() || tar.isCharacterDevice() || tar.isBlockDevice()
                    || tar.isFIFO();
            return !special && (tar.isFile() || tar.isDirectory());
        }
        return !(entry instanceof ZipArchiveEntry zip) || !zip.isUnixSymlink();
    }

    /** Copies the entry's bytes, at most {@code room} of them; returns how many. */
    private static long copy(InputStream in, Path to, long room, Path archive) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(to)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                written += n;
                if (written > room) {
                    throw refused(archive, "it unpacks to more than " + (MAX_BYTES >> 30) + " GiB, more than any Nacos server");
                }
                out.write(buffer, 0, n);
            }
        }
        return written;
    }


    private static LabException refused(Path archive, String why) {
        return LabException.invalidInput(archive + ": not unpacked: " + why);
    }
}
