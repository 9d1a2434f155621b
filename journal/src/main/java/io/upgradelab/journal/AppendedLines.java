package io.upgradelab.journal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The lines of a file written line by line and flushed ({@code journal.jsonl}, {@code registry.jsonl}),
 * as its readers take them: decoded leniently, because a kill mid-write can tear a character as well as
 * a line, and without the blank lines at its end. Which lines are torn is the reader's to say.
 */
public final class AppendedLines {

    private AppendedLines() {
    }

    /** {@code file}'s lines up to its last one that is not blank; an {@link UncheckedIOException} naming it. */
    public static List<String> read(Path file) {
        String[] text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n");
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
        int last = text.length;
        while (last > 0 && text[last - 1].isBlank()) {
            last--;
        }
        return Arrays.asList(text).subList(0, last);
    }
}
