package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.upgradelab.reports.yaml.LocatedTree;
import io.upgradelab.reports.yaml.SourceLines;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * An experiment file as read: its YAML as a JSON tree, and the line and column where every field
 * starts ({@link SourceLines}), read by {@link LocatedTree}: every later check (schema, binding,
 * plan) must name the line to edit.
 *
 * <p>A YAML syntax error, a duplicate key, an empty file or a second document is an
 * {@link InvalidExperimentException} at {@code file:line:column}; a missing file is invalid input
 * naming the path.
 */
public record ExperimentFile(String name, JsonNode tree, SourceLines lines) {

    private static final YAMLFactory YAML = YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Reads {@code path}; {@link #name} is the path as given, as errors show it. */
    public static ExperimentFile read(Path path) {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            throw LabException.invalidInput(name + " is a directory, not an experiment file");
        }
        String text;
        try {
            text = Files.readString(path);
        } catch (NoSuchFileException e) {
            throw LabException.invalidInput("experiment file not found: " + name);
        } catch (MalformedInputException e) {
            throw LabException.invalidInput(name + " is not UTF-8 text");
        } catch (IOException e) {
            throw LabException.invalidInput("cannot read experiment file " + name + ": " + e.getMessage());
        }
        return parse(name, text);
    }

    /** Parses {@code text} as the experiment file called {@code name}. */
    public static ExperimentFile parse(String name, String text) {
        Map<String, SourceLines.Position> positions = new HashMap<>();
        try (JsonParser parser = YAML.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL
                    || first == JsonToken.VALUE_STRING && parser.getText().isBlank()) {
                throw invalid(ExperimentError.syntax(name, 1, 1,
                        "the file is empty: an experiment needs at least name, target and phases"));
            }
            JsonNode tree = LocatedTree.read(parser, "", positions);
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                throw invalid(ExperimentError.syntax(name, at.getLineNr(), at.getColumnNr(),
                        "a second YAML document ('---'): an experiment file holds one experiment"));
            }
            return new ExperimentFile(name, tree, new SourceLines(positions));
        } catch (StreamReadException e) {
            throw invalid(syntaxError(name, text, e, positions));
        } catch (JsonProcessingException e) {
            throw invalid(ExperimentError.syntax(name, 1, 1, "cannot read YAML: " + e.getOriginalMessage()));
        } catch (IOException e) {
            throw LabException.invalidInput("cannot read experiment file " + name + ": " + e.getMessage());
        }
    }

    private static ExperimentError syntaxError(String name, String text, StreamReadException e,
                                               Map<String, SourceLines.Position> positions) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 1 : Math.max(1, at.getLineNr());
        int column = at == null ? 1 : Math.max(1, at.getColumnNr());
        String message = e.getOriginalMessage();
        if (message.contains("(TAB)")) {
            // SnakeYAML marks the end of the line before; the tab a person must replace is further on.
            List<String> lines = text.lines().toList();
            for (int i = line - 1; i < lines.size(); i++) {
                String indent = lines.get(i).substring(0, lines.get(i).length() - lines.get(i).stripLeading().length());
                if (indent.indexOf('\t') >= 0) {
                    return ExperimentError.syntax(name, i + 1, indent.indexOf('\t') + 1,
                            "YAML syntax: a tab in the indentation; indent with spaces");
                }
            }
        }
        if (message.startsWith("Duplicate field") && e.getProcessor() != null) {
            String pointer = e.getProcessor().getParsingContext().pathAsPointer().toString();
            SourceLines.Position first = positions.get(pointer);
            String field = e.getProcessor().getParsingContext().getCurrentName();
            return ExperimentError.syntax(name, line, column, "duplicate field '" + field + "'"
                    + (first == null ? "" : " (first set on line " + first.line() + ")") + ": write each field once");
        }
        if (e.getCause() instanceof MarkedYAMLException yaml) {
            return ExperimentError.syntax(name, line, column, "YAML syntax: " + describe(yaml));
        }
        return ExperimentError.syntax(name, line, column, "YAML syntax: " + message.lines().findFirst().orElse(message));
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

    private static InvalidExperimentException invalid(ExperimentError error) {
        return new InvalidExperimentException(error.file(), List.of(error));
    }
}
