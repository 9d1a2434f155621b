package io.upgradelab.runner.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** A run's journal read back line by line; every line must be whole JSON. */
public record JournalLines(List<JsonNode> lines) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static JournalLines read(Path journal) {
        List<JsonNode> lines = new ArrayList<>();
        try {
            int number = 0;
            for (String line : Files.readAllLines(journal)) {
                number++;
                try {
                    lines.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new AssertionError(journal + ":" + number + " is not JSON: " + line, e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new JournalLines(lines);
    }

    public List<JsonNode> ofType(String type) {
        return lines.stream().filter(l -> type.equals(l.path("type").asText())).toList();
    }

    public List<JsonNode> samples(String observer) {
        return ofType("sample").stream().filter(l -> observer.equals(l.path("observer").asText())).toList();
    }

    public boolean any(String type, Predicate<JsonNode> condition) {
        return ofType(type).stream().anyMatch(condition);
    }
}
