package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.render.ExperimentManifests;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@code render k8s} wrote into a folder for one experiment, kept in the folder as a list
 * ({@code upgrade-lab-render.NAME.txt}), so that a later render removes the files it wrote and no
 * longer writes, and nothing else: not a person's own YAML beside them, not another experiment's.
 * The list is read as hostile input (anyone may have edited it): an entry must be a file name the
 * render could have written, in the folder or its {@code faults/} ({@code ..}, absolute paths and
 * other folders are refused, with the list's line), and no symbolic link is followed, whether to
 * write, to read or to remove.
 *
 * @param dir      the output folder
 * @param list     the list's file in it
 * @param previous what the earlier render listed, in its order (empty when there was none)
 */
record RenderedFiles(Path dir, Path list, List<String> previous) {

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /** What a listed file may be called: what {@link ExperimentManifests} names its files. */
    private static final Pattern ENTRY = Pattern.compile("(" + Pattern.quote(ExperimentManifests.FAULTS)
            + "/)?[A-Za-z0-9][A-Za-z0-9._-]*\\.yaml");
    private static final String FIRST_LINE = "# Files upgrade-lab render k8s wrote here for experiment ";

    /**
     * The folder {@code dir} checked for a render of {@code experiment} (a folder or nothing yet; its
     * faults/ not a link), with the earlier render's list; exit 2 before anything is written when not.
     */
    static RenderedFiles in(Path dir, String experiment) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw LabException.invalidInput(dir + " is a file, not a directory: give --out a directory");
        }
        Path faults = dir.resolve(ExperimentManifests.FAULTS);
        if (Files.isSymbolicLink(faults) || Files.exists(faults, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(faults)) {
            throw LabException.invalidInput(faults + " is a symbolic link or a file: render writes its fault"
                    + " resources into a folder of its own there; remove it");
        }
        Path list = dir.resolve("upgrade-lab-render." + experiment + ".txt");
        return new RenderedFiles(dir, list, read(list));
    }

    /** The entries of {@code list}; every entry that is not a file a render writes is refused, all at once. */
    private static List<String> read(Path list) {
        if (!Files.exists(list, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        if (!Files.isRegularFile(list, LinkOption.NOFOLLOW_LINKS)) {
            throw LabException.invalidInput(list + ": not a regular file (a symbolic link?): render keeps the list"
                    + " of the files it wrote there; remove it");
        }
        List<String> entries = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(list, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String line; (line = in.readLine()) != null; ) {
                number++;
                String entry = line.strip();
                if (entry.isEmpty() || entry.startsWith("#")) {
                    continue;
                }
                if (ENTRY.matcher(entry).matches()) {
                    entries.add(entry);
                } else {
                    refused.add(list + ":" + number + ": '" + entry + "' is not a file render writes (a .yaml file"
                            + " in this folder or its " + ExperimentManifests.FAULTS + "/); the list was edited: fix"
                            + " the line or delete the list");
                }
            }
        } catch (IOException e) {
            throw LabException.invalidInput(list + ": cannot read: " + e.getMessage());
        }
        if (!refused.isEmpty()) {
            throw LabException.invalidInput(String.join("\n", refused));
        }
        return List.copyOf(entries);
    }

    /** Creates the folder (and faults/ when {@code paths} has files there); exit 1 when it cannot. */
    void prepare(List<String> paths) {
        try {
            Files.createDirectories(dir);
            if (paths.stream().anyMatch(p -> p.startsWith(ExperimentManifests.FAULTS + "/"))) {
                Files.createDirectories(dir.resolve(ExperimentManifests.FAULTS));
            }
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot create the output directory " + dir + ": " + e);
        }
    }

    /** Writes {@code text} as {@code path} (relative to the folder), never through a symbolic link. */
    Path write(String path, String text) {
        return write(path, text, false);
    }

    /**
     * {@link #write(String, String)}, and with {@code ownerOnly} readable by its owner alone before a byte is
     * written, where the file system has POSIX permissions (a Secret's file; elsewhere it is as private as
     * its folder). Never through a symbolic link.
     */
    Path write(String path, String text, boolean ownerOnly) {
        Path file = dir.resolve(path);
        try {
            if (ownerOnly) {
                makeOwnerOnly(file);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            return file;
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write " + file + (Files.isSymbolicLink(file)
                    ? ": it is a symbolic link, which render does not follow" : ": " + e));
        }
    }

    private static void makeOwnerOnly(Path file) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS);
            view.setPermissions(OWNER_ONLY);
        } else {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        }
    }

    /**
     * Removes what the earlier render listed and {@code written} does not hold: regular files that
     * still begin with {@code header} (a file a person rewrote, a link, a folder stays); then lists
     * {@code written} for the next render. Returns the files removed.
     */
    List<Path> replace(List<String> written, String header, String experiment) {
        List<Path> removed = new ArrayList<>();
        for (String entry : previous) {
            Path file = dir.resolve(entry);
            if (!written.contains(entry) && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && startsWith(file, header)) {
                try {
                    Files.delete(file);
                    removed.add(file);
                } catch (IOException e) {
                    throw new LabException(LabException.FAILED, "cannot remove " + file + ": " + e);
                }
            }
        }
        write(list.getFileName().toString(), FIRST_LINE + experiment + "; the next render of it removes those it"
                + " no longer writes.\n" + String.join("\n", written) + "\n");
        return removed;
    }

    private static boolean startsWith(Path file, String header) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            return first != null && first.startsWith(header);
        } catch (IOException e) {
            return false;   // not ours to judge: left alone
        }
    }
}
