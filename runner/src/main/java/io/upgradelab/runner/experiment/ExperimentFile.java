package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.kinds.yaml.YamlDocument;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * An experiment file as read: its YAML as a JSON tree, and the line and column where every field
 * starts ({@link SourceLines}), read by {@link YamlDocument}: every later check (schema, binding,
 * plan) must name the line to edit.
 *
 * <p>A YAML syntax error, a duplicate key, an empty file or a second document is an
 * {@link InvalidExperimentException} at {@code file:line:column}; a missing file is invalid input
 * naming the path.
 */
public record ExperimentFile(String name, JsonNode tree, SourceLines lines) {

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
        try {
            YamlDocument document = YamlDocument.parse(text,
                    "the file is empty: an experiment needs at least name, target and phases",
                    "a second YAML document ('---'): an experiment file holds one experiment");
            return new ExperimentFile(name, document.tree(), document.lines());
        } catch (YamlDocument.SyntaxException e) {
            throw invalid(ExperimentError.syntax(name, e.line(), e.column(), e.getMessage()));
        }
    }

    private static InvalidExperimentException invalid(ExperimentError error) {
        return new InvalidExperimentException(error.file(), List.of(error));
    }
}
