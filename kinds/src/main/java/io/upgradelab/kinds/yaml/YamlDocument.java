package io.upgradelab.kinds.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.reader.ReaderException;

/**
 * One YAML document, read with the line of every field ({@link LocatedTree}). Experiment files and
 * gate policies are read here, so both refuse the same mistakes the same way, at the line a person
 * must edit: a syntax error (with a hint for the usual causes), a tab in the indentation, a
 * duplicate key (and where it was first set), an empty file, a second document.
 */
public record YamlDocument(JsonNode tree, SourceLines lines) {

    private static final YAMLFactory YAML = YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** A document that cannot be read, at {@code line:column} (from 1). */
    public static final class SyntaxException extends Exception {
        private final int line;
        private final int column;

        SyntaxException(int line, int column, String message) {
            super(message);
            this.line = Math.max(1, line);
            this.column = Math.max(1, column);
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }
    }

    /**
     * Parses {@code text}; an empty file is refused with {@code whenEmpty} and a second document with
     * {@code whenSecondDocument}, each saying what the file must hold.
     */
    public static YamlDocument parse(String text, String whenEmpty, String whenSecondDocument) throws SyntaxException {
        Map<String, SourceLines.Position> positions = new HashMap<>();
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL
                    || first == JsonToken.VALUE_STRING && parser.getText().isBlank()) {
                throw new SyntaxException(1, 1, whenEmpty);
            }
            JsonNode tree = LocatedTree.read(parser, "", positions);
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                throw new SyntaxException(at.getLineNr(), at.getColumnNr(), whenSecondDocument);
            }
            return new YamlDocument(tree, new SourceLines(positions));
        } catch (StreamReadException e) {
            throw syntaxError(text, e, positions);
        } catch (JsonProcessingException e) {
            throw new SyntaxException(1, 1, "cannot read YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // a String has nothing to fail reading
        }
    }

    private static SyntaxException syntaxError(String text, StreamReadException e,
                                               Map<String, SourceLines.Position> positions) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 1 : at.getLineNr();
        int column = at == null ? 1 : at.getColumnNr();
        String message = e.getOriginalMessage();
        if (message.contains("(TAB)")) {
            // SnakeYAML marks the end of the line before; the tab a person must replace is further on.
            List<String> lines = text.lines().toList();
            for (int i = Math.max(0, line - 1); i < lines.size(); i++) {
                String indent = lines.get(i).substring(0, lines.get(i).length() - lines.get(i).stripLeading().length());
                if (indent.indexOf('\t') >= 0) {
                    return new SyntaxException(i + 1, indent.indexOf('\t') + 1,
                            "YAML syntax: a tab in the indentation; indent with spaces");
                }
            }
        }
        if (message.startsWith("Duplicate field") && e.getProcessor() != null) {
            String pointer = e.getProcessor().getParsingContext().pathAsPointer().toString();
            SourceLines.Position first = positions.get(pointer);
            String field = e.getProcessor().getParsingContext().getCurrentName();
            return new SyntaxException(line, column, "duplicate field '" + field + "'"
                    + (first == null ? "" : " (first set on line " + first.line() + ")") + ": write each field once");
        }
        if (message.startsWith("Malformed numeric value") && e.getProcessor() != null) {
            // .nan, .inf, -.inf: YAML's names of what is not a number, refused as values everywhere the lab reads
            String field = e.getProcessor().getParsingContext().pathAsPointer().toString()
                    .replaceAll("/([0-9]+)", "[$1]").replace('/', '.');
            return new SyntaxException(line, column, (field.isEmpty() ? "" : field.substring(1) + ": ")
                    + "not a finite number (" + message.substring(message.indexOf('\'')) + "): YAML names what is not a"
                    + " number so; write a finite number");
        }
        if (e.getCause() instanceof ReaderException unreadable) {
            // SnakeYAML's position is where its buffer was, lines before; the character is found in the text
            int found = text.indexOf(Character.toString(unreadable.getCodePoint()));
            int start = text.lastIndexOf('\n', found) + 1;
            return new SyntaxException(found < 0 ? line
                    : (int) text.substring(0, found).chars().filter(c -> c == '\n').count() + 1,
                    found < 0 ? column : found - start + 1, String.format("YAML syntax: a control character (U+%04X) is not"
                            + " allowed in YAML; remove it, or write it as an escape in a double-quoted string",
                    unreadable.getCodePoint()));
        }
        if (e.getCause() instanceof MarkedYAMLException yaml) {
            return new SyntaxException(line, column, "YAML syntax: " + describe(yaml));
        }
        return new SyntaxException(line, column, "YAML syntax: " + message.lines().findFirst().orElse(message));
    }

    /** SnakeYAML's problem, with the context it arose in, on one line and with a hint for the usual cause. */
    private static String describe(MarkedYAMLException yaml) {
        String problem = yaml.getProblem() == null ? "malformed YAML" : yaml.getProblem().strip();
        StringBuilder text = new StringBuilder(problem);
        if (yaml.getContext() != null && yaml.getContextMark() != null) {
            text.append(" (").append(yaml.getContext().strip()).append(" on line ")
                    .append(yaml.getContextMark().getLine() + 1).append(')');
        }
        if (List.of("expected <block end>", "mapping values are not allowed", "could not find expected ':'",
                "did not find expected").stream().anyMatch(problem::contains)) {
            text.append("; check the indentation, and quote values that contain ': '");
        }
        return text.toString();
    }
}
