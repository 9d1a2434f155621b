package io.upgradelab.reports.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.UUID;

/**
 * A file a command writes for the user ({@code report}'s summaries, {@code gate}'s JUnit XML,
 * {@code compare --out}'s files), written so that a folder made by someone else (a run directory from
 * a CI artifact) cannot turn the write against the user. A symbolic link planted where a file goes
 * would have the command overwrite whatever the link points to, any file the user can write; and an
 * output that is one of the command's inputs ({@code gate --junit RUN/journal.jsonl}) would destroy
 * what it reads. So a target is refused, with an {@link IllegalArgumentException} naming it and why
 * (the commands exit 2 with its message), when it is a symbolic link, when it exists and is not a
 * regular file, or when it is the same file as an input. The folder is the one the user named (a
 * {@code runs/latest} link to a run is followed, as the user meant). What passes is written whole
 * to a new file beside it, then renamed over it: a rename replaces a name, never writes through it,
 * and a reader never sees half a file.
 */
public final class OutputFile {

    private OutputFile() {
    }

    /**
     * Refuses {@code target} (an {@link IllegalArgumentException} naming it and why) when it is a
     * symbolic link, when it exists and is not a regular file, or when it is the same
     * file as one of {@code inputs}, the files the command reads; returns quietly otherwise.
     */
    public static void refuseUnsafe(Path target, Collection<Path> inputs) {
        if (Files.isSymbolicLink(target)) {
            throw new IllegalArgumentException(target + " is a symbolic link: refusing to write through it");
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(target + " is not a regular file (a folder?): refusing to write over it");
        }
        for (Path input : inputs) {
            if (sameFile(target, input)) {
                throw new IllegalArgumentException(target + " is " + input + ", which this command reads: refusing"
                        + " to write over its own input");
            }
        }
    }

    /** Writes {@code text} (UTF-8) as {@code target}, as {@link #write(Path, byte[], Collection)} does. */
    public static Path write(Path target, String text, Collection<Path> inputs) {
        return write(target, text.getBytes(StandardCharsets.UTF_8), inputs);
    }

    /**
     * Writes {@code content} as {@code target} once {@link #refuseUnsafe} lets it: into a new file in
     * its folder (created when missing), renamed over it. Returns {@code target}; a refusal is an
     * {@link IllegalArgumentException}, a failure to write an {@link UncheckedIOException} saying
     * "cannot write", and neither leaves the new file behind.
     */
    public static Path write(Path target, byte[] content, Collection<Path> inputs) {
        refuseUnsafe(target, inputs);
        Path temporary = newFileBeside(target);
        try {
            Files.write(temporary, content);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw cannotWrite(target, e);
        } finally {
            deleteIfLeft(temporary);
        }
    }

    /**
     * A new, empty file in {@code target}'s folder, named after it and hidden ({@code .summary.md.UUID.tmp}):
     * created only if no file or link has that name, with the permissions a plain write gives.
     */
    private static Path newFileBeside(Path target) {
        Path folder = folderOf(target);
        try {
            Files.createDirectories(folder);
            return Files.createFile(folder.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp"));
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /** Removes {@code temporary} when the rename did not happen; a file that cannot be removed is left. */
    private static void deleteIfLeft(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // what failed before this is the error to report
        }
    }

    private static UncheckedIOException cannotWrite(Path target, IOException e) {
        return new UncheckedIOException("cannot write " + target + ": " + e, e);
    }

    /** The folder {@code target} goes in, absolute (a bare file name's is the working directory). */
    private static Path folderOf(Path target) {
        return target.toAbsolutePath().getParent();
    }

    /** Whether {@code target} and {@code input} are one file: by the file system when both exist, else by name. */
    private static boolean sameFile(Path target, Path input) {
        if (Files.exists(target) && Files.exists(input)) {
            try {
                return Files.isSameFile(target, input);
            } catch (IOException e) {
                // not comparable by the file system: compared by name below
            }
        }
        return target.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize());
    }
}
