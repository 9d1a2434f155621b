package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.kinds.yaml.SourceLines;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One thing wrong with an experiment file, said so that a person (or an editor that jumps to
 * {@code file:line}) finds it: {@code experiments/foo.yaml:42: phase 4.to: every node already runs 2.0.4 here}.
 *
 * @param file    the file as the user named it
 * @param line    1-based line of the field (or of its enclosing object when the field is missing)
 * @param column  1-based column; shown only for YAML syntax errors, where the line alone is not enough
 * @param field   the field as a dotted path, list items numbered from 1 ({@code phase 4.to}); "" for the file as a whole;
 *                null for a syntax error, which has no field yet
 * @param message what is wrong, and where it helps, what to write instead
 */
public record ExperimentError(String file, int line, int column, String field, String message) {

    /** File order: by line, then column, then field. */
    public static final Comparator<ExperimentError> IN_FILE_ORDER = Comparator.comparingInt(ExperimentError::line)
            .thenComparingInt(ExperimentError::column)
            .thenComparing(e -> e.field() == null ? "" : e.field());

    /** A YAML syntax error at {@code line:column}. */
    public static ExperimentError syntax(String file, int line, int column, String message) {
        return new ExperimentError(file, line, column, null, message);
    }

    /** A problem at a JSON pointer into {@code tree}, placed by {@code lines}. */
    public static ExperimentError at(String file, SourceLines lines, JsonNode tree, String pointer, String message) {
        SourceLines.Position position = lines.of(pointer);
        return new ExperimentError(file, position.line(), position.column(), field(pointer, tree), message);
    }

    /**
     * {@code /phases/3/to} as a person reads it: {@code phase 4.to}. Segments are list items, numbered
     * from 1, where the tree has a list there.
     */
    public static String field(String pointer, JsonNode tree) {
        List<String> segments = new ArrayList<>();
        JsonNode node = tree;
        for (JsonPointer p = JsonPointer.compile(pointer); !p.matches(); p = p.tail()) {
            String name = p.getMatchingProperty();
            if (node != null && node.isArray() && p.getMatchingIndex() >= 0) {
                // numbered from 1, as the run, the report and the gate number phases: "phase 4"
                String list = segments.isEmpty() ? "item" : singular(segments.remove(segments.size() - 1));
                segments.add(list + " " + (p.getMatchingIndex() + 1));
                node = node.get(p.getMatchingIndex());
            } else {
                segments.add(name);
                node = node == null ? null : node.get(name);
            }
        }
        return String.join(".", segments);
    }

    /** A list's name in the singular, for one of its items: {@code phases} gives {@code phase}, {@code addresses} {@code address}. */
    private static String singular(String list) {
        return list.endsWith("sses") ? list.substring(0, list.length() - 2)
                : list.endsWith("s") ? list.substring(0, list.length() - 1) : list;
    }

    /** The line a person reads: {@code file:line: field: message}. */
    @Override
    public String toString() {
        if (field == null) {
            return file + ":" + line + ":" + column + ": " + message;
        }
        return file + ":" + line + ": " + (field.isEmpty() ? "" : field + ": ") + message;
    }
}
