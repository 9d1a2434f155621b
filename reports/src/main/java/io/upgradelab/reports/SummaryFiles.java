package io.upgradelab.reports;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    /** Summarises the run in {@code runDir} and writes both files into {@code outDir}; returns their paths. */
    public static List<Path> write(Path runDir, Path outDir) {
        RunSummary summary = RunSummaries.of(JournalFile.read(runDir));
        try {
            Files.createDirectories(outDir);
            Path json = outDir.resolve(JSON_NAME);
            JSON.writeValue(json.toFile(), summary);
            Path markdown = Files.writeString(outDir.resolve(MARKDOWN_NAME), SummaryMarkdown.render(summary));
            return List.of(json, markdown);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summaries into " + outDir + ": " + e.getMessage(), e);
        }
    }
}
