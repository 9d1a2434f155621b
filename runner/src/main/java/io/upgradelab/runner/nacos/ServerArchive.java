package io.upgradelab.runner.nacos;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.runner.LabException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
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
     *                      archive does not read as its name says; {@code FAILED} when what it
     *                      holds cannot be written (a full disk, a folder without write permission):
     *                      the archive is not to blame for that
     */
    static void unpack(Path archive, Path target) {
        createFolder(target, archive);
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
                    createEntryFolder(to, target, archive);
                } else {
                    createEntryFolder(to.getParent(), target, archive);
                    total += copy(in, to, target, MAX_BYTES - total, archive);
                }
            }
        } catch (IOException e) {
            throw unreadable(archive, e);
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
        return inside(target, name).filter(to -> !to.equals(target.normalize()) || entry.isDirectory()).orElseThrow(() ->
                refused(archive, "entry '" + ControlCharacters.shown(name) + "' would be written outside the folder it unpacks to"));
    }

    /**
     * Where {@code name}, a relative name read from a file someone else wrote (an archive's entry, a
     * line of {@code classpath.txt}), points under {@code root}: empty when it would leave it (an
     * absolute name, {@code ..}, a backslash) or is no file name at all (a NUL), so that no such name
     * is ever resolved. {@code root} itself (normalized) when the name is {@code .} or {@code ./}.
     */
    static Optional<Path> inside(Path root, String name) {
        boolean escapes = name.isEmpty() || name.startsWith("/") || name.contains("\\") || name.indexOf('\0') >= 0
                || ("/" + name + "/").contains("/../");
        Path base = root.normalize();
        Path to = escapes ? base : base.resolve(name).normalize();
        return escapes || !to.startsWith(base) ? Optional.empty() : Optional.of(to);
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
    private static long copy(InputStream in, Path to, Path target, long room, Path archive) {
        if (Files.isDirectory(to)) {
            throw fileAndFolder(archive, target, to);
        }
        byte[] buffer = new byte[64 * 1024];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(to)) {
            for (int n = read(in, buffer, archive); n >= 0; n = read(in, buffer, archive)) {
                written += n;
                if (written > room) {
                    throw refused(archive, "it unpacks to more than " + (MAX_BYTES >> 30) + " GiB, more than any Nacos server");
                }
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {   // reads fail as LabException: only the writes are left
            throw unwritable(archive, to, e);
        }
        return written;
    }

    /** Reads the entry's next bytes; a read error is the archive's. */
    private static int read(InputStream in, byte[] buffer, Path archive) {
        try {
            return in.read(buffer);
        } catch (IOException e) {
            throw unreadable(archive, e);
        }
    }

    /** Creates the folder an entry is or goes in; a file in the archive where the folder goes is the archive's fault. */
    private static void createEntryFolder(Path folder, Path target, Path archive) {
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw fileAndFolder(archive, target, folder);
        } catch (IOException e) {
            throw unwritable(archive, folder, e);
        }
    }

    private static void createFolder(Path folder, Path archive) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw unwritable(archive, folder, e);
        }
    }


    private static LabException refused(Path archive, String why) {
        return LabException.invalidInput(archive + ": not unpacked: " + why);
    }

    private static LabException fileAndFolder(Path archive, Path target, Path at) {
        return refused(archive, "entry '" + ControlCharacters.shown(target.relativize(at).toString()) + "' is both a file and a folder");
    }

    private static LabException unreadable(Path archive, IOException e) {
        return refused(archive, "it does not read as " + kind(archive) + ": " + e.getMessage());
    }

    /** Writing is this machine's side: its disk or permissions, whatever the archive holds. */
    private static LabException unwritable(Path archive, Path where, IOException e) {
        return new LabException(LabException.FAILED, archive + ": not unpacked: cannot write " + where + ": " + e);
    }
}
