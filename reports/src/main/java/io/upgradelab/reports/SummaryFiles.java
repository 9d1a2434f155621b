package io.upgradelab.reports;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a run's summaries beside its journal: {@code summary.json} (for tools: the gate, a
 * dashboard) and {@code summary.md} (for people: a pull-request comment).
 */
public final class SummaryFiles {

    public static final String JSON_NAME = "summary.json";
    public static final String MARKDOWN_NAME = "summary.md";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SummaryFiles() {
    }

    /** What was written: both files, and the Markdown itself. */
    public record Written(Path json, Path markdown, String markdownText) {
    }

    /**
     * Summarises the run in {@code run} (a run directory, or its journal file) and writes both files
     * into {@code outDir}, or beside the journal when it is null.
     */
    public static Written write(Path run, Path outDir) {
        JournalFile journal = JournalFile.read(run);
        RunSummary summary = RunSummaries.of(journal);
        Path dir = outDir != null ? outDir : journal.file().toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path json = dir.resolve(JSON_NAME);
            JSON.writeValue(json.toFile(), summary);
            String text = SummaryMarkdown.render(summary);
            return new Written(json, Files.writeString(dir.resolve(MARKDOWN_NAME), text), text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summaries into " + dir + ": " + e.getMessage(), e);
        }
    }
}
