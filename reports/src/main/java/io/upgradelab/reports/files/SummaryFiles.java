package io.upgradelab.reports.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.ReportOpening;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.SummaryMarkdown;
import io.upgradelab.reports.SummaryTerminal;
import io.upgradelab.reports.gate.GateResult;
import io.upgradelab.reports.html.HtmlReport;
import io.upgradelab.reports.html.RunTimeline;
import io.upgradelab.reports.output.OutputFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a run's summaries beside its journal: {@code summary.json} (for tools: the gate, a
 * dashboard), {@code summary.md} (for people: a pull-request comment) and {@code report.html} (for
 * people: the tables and the charts over time, offline); the Markdown and the HTML open with the
 * gate's verdict when one was judged ({@link GateResult}). No control character from the journal
 * reaches any of them ({@link ControlCharacters}): in summary.json every text is escaped as the
 * other files escape it, so a tool that prints a field prints no escape sequence. None is written
 * through a symbolic link or over the journal ({@link OutputFile}).
 */
public final class SummaryFiles {

    public static final String JSON_NAME = "summary.json";
    public static final String MARKDOWN_NAME = "summary.md";
    public static final String HTML_NAME = "report.html";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new JavaTimeModule()).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .registerModule(new SimpleModule("control characters escaped").addSerializer(new EscapedText())
                    .addKeySerializer(String.class, new EscapedText(true)));

    private SummaryFiles() {
    }

    /** Text (a value, or with {@code key} a map's key) with its control characters escaped. */
    private static final class EscapedText extends StdSerializer<String> {
        private final boolean key;

        EscapedText() {
            this(false);
        }

        EscapedText(boolean key) {
            super(String.class);
            this.key = key;
        }

        @Override
        public void serialize(String value, JsonGenerator json, SerializerProvider provider) throws IOException {
            if (key) {
                json.writeFieldName(ControlCharacters.escape(value));
            } else {
                json.writeString(ControlCharacters.escape(value));
            }
        }
    }

    /**
     * What was written: the three files, the Markdown itself, and the same summary for a terminal
     * ({@link SummaryTerminal}), which {@code report} prints.
     */
    public record Written(Path json, Path markdown, Path html, String markdownText, String terminalText) {
    }

    /**
     * Summarises the run in {@code run} (a run directory, or its journal file) and writes the files
     * into {@code outDir}, or beside the journal when it is null; the reports say it was not gated.
     */
    public static Written write(Path run, Path outDir) {
        return write(run, outDir, GateResult.notGated());
    }

    /**
     * As {@link #write(Path, Path)}, the Markdown and the HTML report opening with {@code gate}'s
     * verdict: the gate judges first, then the reports are written. A file that would be written
     * through a symbolic link, over a folder or over the journal is refused before any is written
     * ({@link #refuseUnsafeTargets}).
     */
    public static Written write(Path run, Path outDir, GateResult gate) {
        JournalFile journal = JournalFile.read(run);
        RunSummary summary = RunSummaries.of(journal);
        ReportOpening opening = ReportOpening.of(summary, journal.bodies(RunStarted.class).get(0), gate);
        Path dir = directory(journal.file(), outDir);
        List<Path> inputs = List.of(journal.file());
        try {
            // everything computed before anything is written: a journal that fails half-way writes nothing
            com.fasterxml.jackson.databind.node.ObjectNode tree = JSON.valueToTree(summary);
            tree.set("gate", JSON.valueToTree(gate.json()));   // the verdict the report opens with, for a tool
            String json = JSON.writeValueAsString(tree);
            String text = SummaryMarkdown.render(summary, opening);
            String page = HtmlReport.render(summary, opening, RunTimeline.of(journal));
            refuseUnsafe(dir, journal.file(), List.<String>of());
            Path jsonFile = OutputFile.write(dir.resolve(JSON_NAME), json, inputs);
            Path markdown = OutputFile.write(dir.resolve(MARKDOWN_NAME), text, inputs);
            Path html = OutputFile.write(dir.resolve(HTML_NAME), page, inputs);
            return new Written(jsonFile, markdown, html, text, SummaryTerminal.render(summary, opening));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the summaries into " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses, before anything is written, what {@link #write} would: an {@link IllegalArgumentException}
     * naming the first of its files, and of {@code alsoThere} (files the caller writes into the same
     * folder, as {@code report --policy} its JUnit XML), that is a symbolic link, not a regular file, or the journal of {@code run} ({@link OutputFile#refuseUnsafe}).
     */
    public static void refuseUnsafeTargets(Path run, Path outDir, List<String> alsoThere) {
        Path journal = JournalFile.fileOf(run);
        refuseUnsafe(directory(journal, outDir), journal, alsoThere);
    }

    /** The three files in {@code dir}, and those named {@code alsoThere}, checked against the journal; see above. */
    private static void refuseUnsafe(Path dir, Path journal, List<String> alsoThere) {
        List<String> names = new ArrayList<>(List.of(JSON_NAME, MARKDOWN_NAME, HTML_NAME));
        names.addAll(alsoThere);
        names.forEach(name -> OutputFile.refuseUnsafe(dir.resolve(name), List.of(journal)));
    }

    /** Where the files go: {@code outDir}, or beside {@code journal} when it is null. */
    private static Path directory(Path journal, Path outDir) {
        return outDir != null ? outDir : journal.toAbsolutePath().getParent();
    }
}
