package io.upgradelab.reports;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.AppendedLines;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.LineType;
import io.upgradelab.journal.RunEnded;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's journal as written: one JSON object per line, appended and flushed line by line. A run
 * killed mid-write leaves at most one torn line, at the end; it is skipped and counted, so a killed
 * run is still reportable (and reported as incomplete).
 *
 * <p>The lines reports read closely come back typed ({@link #lines(Class)}), through the journal
 * module's records and codec, the same the runner wrote them with.
 *
 * @param file        the journal.jsonl read
 * @param lines       every whole line, in order
 * @param lineNumbers each whole line's number in the file (from 1), for messages
 * @param tornLines   lines that were not whole JSON objects
 */
public record JournalFile(Path file, List<JsonNode> lines, List<Integer> lineNumbers, int tornLines) {

    /** The journal file's name inside a run directory. */
    public static final String NAME = "journal.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads {@code run}'s journal: {@code run} is a run directory or the journal file itself. Refused
     * (an {@link IllegalArgumentException} naming the file and line): a line other than the last that
     * is not a journal line, a second runEnded, time going backwards, a format newer than this code.
     */
    public static JournalFile read(Path run) {
        Path file = fileOf(run);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no journal here (a run directory holds " + NAME + ")");
        }
        List<String> text = AppendedLines.read(file);
        int last = text.size();
        List<JsonNode> lines = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        int torn = 0;
        for (int i = 0; i < last; i++) {
            if (text.get(i).isBlank()) {
                continue;
            }
            JsonNode node = journalLine(text.get(i));
            if (node != null) {
                lines.add(node);
                numbers.add(i + 1);
            } else if (i == last - 1) {
                torn++;   // the line a kill tore: the run is reported as incomplete
            } else {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a journal line (a JSON object with a"
                        + " type), and not the last line, which a kill may tear: " + ControlCharacters.shown(text.get(i)));
            }
        }
        if (lines.isEmpty() || !"runStarted".equals(lines.get(0).path("type").asText())) {
            throw new IllegalArgumentException(file + ": not a run journal (its first line is not runStarted)");
        }
        int format = lines.get(0).path("format").asInt(1);
        if (format > JournalJson.FORMAT) {
            throw new IllegalArgumentException(file + ": journal format " + format + " is newer than this upgrade-lab reads ("
                    + JournalJson.FORMAT + "): report it with the upgrade-lab that wrote it, or a newer one");
        }
        refuseAmbiguity(file, lines, numbers);
        return new JournalFile(file, List.copyOf(lines), List.copyOf(numbers), torn);
    }

    /** The journal file {@code run} names: a run directory's {@code journal.jsonl}, or {@code run} itself. */
    public static Path fileOf(Path run) {
        return Files.isDirectory(run) ? run.resolve(NAME) : run;
    }

    private static JsonNode journalLine(String text) {
        try {
            JsonNode node = JSON.readTree(text);
            return node != null && node.isObject() && node.hasNonNull("type") ? node : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** One run's journal has one end, and its clock (elapsed, monotonic) never goes back. */
    private static void refuseAmbiguity(Path file, List<JsonNode> lines, List<Integer> numbers) {
        LineType runEnded = JournalJson.lineType(RunEnded.class);
        int ended = -1;
        double elapsed = 0;
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = lines.get(i);
            if (JournalJson.is(line, runEnded)) {
                if (ended >= 0) {
                    throw new IllegalArgumentException(file + ":" + numbers.get(i) + ": a second runEnded line (the first"
                            + " is line " + numbers.get(ended) + "): two runs in one journal, or an edited one");
                }
                ended = i;
            }
            double at = line.path("elapsed").asDouble();
            if (at < elapsed) {
                throw new IllegalArgumentException(file + ":" + numbers.get(i) + ": elapsed goes back from " + elapsed
                        + " s to " + at + " s: lines out of order, or from another run");
            }
            elapsed = at;
        }
    }


    /**
     * The lines of {@code body}'s type, in order, read as it; a line that does not read is an
     * {@link IllegalArgumentException} naming the file and the line.
     */
    public <T> List<Line<T>> lines(Class<T> body) {
        LineType type = JournalJson.lineType(body);
        List<Line<T>> typed = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (JournalJson.is(lines.get(i), type)) {
                try {
                    typed.add(JournalJson.read(lines.get(i), body, lineNumbers.get(i)));
                } catch (IllegalArgumentException e) {
                    throw refused(lineNumbers.get(i), e.getMessage(), e);
                }
            }
        }
        return List.copyOf(typed);
    }

    /** The refusal of line {@code number} of this file, named as every refusal of a line is: "file:number: why". */
    public IllegalArgumentException refused(int number, String why, Throwable cause) {
        return new IllegalArgumentException(file + ":" + number + ": " + why, cause);
    }

    /** The bodies of the lines of {@code body}'s type, in order. */
    public <T> List<T> bodies(Class<T> body) {
        return lines(body).stream().map(Line::body).toList();
    }

    /** The lines of {@code type}, in order. */
    public List<JsonNode> ofType(String type) {
        return lines.stream().filter(l -> type.equals(l.path("type").asText())).toList();
    }

    /** Whether the run got to write its last line (runEnded): a killed run did not. */
    public boolean complete() {
        LineType runEnded = JournalJson.lineType(RunEnded.class);
        return lines.stream().anyMatch(l -> JournalJson.is(l, runEnded));
    }
}
