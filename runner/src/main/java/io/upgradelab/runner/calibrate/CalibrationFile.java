package io.upgradelab.runner.calibrate;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.upgradelab.kinds.yaml.SourceLines;
import io.upgradelab.kinds.yaml.YamlDocument;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.experiment.ExperimentError;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Calibrations as JSON files, one per {@link CalibrationKey}, in a folder ({@code runs/calibrations} by default).
 * A file is read as the gate reads a policy: someone may have edited or copied it, so a missing or null field is
 * refused at its line ({@code FILE:LINE: field: ...}) before the calibration is built, never left to crash later.
 */
public final class CalibrationFile {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The fields a calibration may leave null: a step's beats where 1.x beats were not judged. */
    private static final Set<String> NULLABLE = Set.of("beatsDeliveredPercent");

    private CalibrationFile() {
    }

    /** Where calibrations are kept unless told otherwise. */
    public static Path defaultDirectory() {
        return LabHome.defaultRunsDirectory().resolve("calibrations");
    }

    /** The file of {@code key} in {@code directory}. */
    public static Path of(Path directory, CalibrationKey key) {
        return directory.resolve(key.fileName());
    }

    /** The calibration saved for {@code key} in {@code directory}, if there is one. */
    public static Optional<Calibration> find(Path directory, CalibrationKey key) {
        Path file = of(directory, key);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /** The calibration in {@code file}; every missing, null or mistyped field refused at its line (exit 2). */
    public static Calibration read(Path file) {
        YamlDocument document = parse(file);
        List<String> problems = new ArrayList<>();
        check(document.tree(), Calibration.class, "", document, problems);
        if (!problems.isEmpty()) {
            throw LabException.invalidInput(problems.stream().map(p -> file + ":" + p)
                    .collect(java.util.stream.Collectors.joining("\n")));
        }
        try {
            return JSON.treeToValue(document.tree(), Calibration.class);
        } catch (JsonMappingException e) {
            String pointer = SourceLines.pointerOf("", e);
            throw LabException.invalidInput(file + ":" + document.lines().lineOf(pointer) + ": "
                    + ExperimentError.field(pointer, document.tree()) + ": " + e.getOriginalMessage());
        } catch (IOException | IllegalArgumentException e) {
            throw LabException.invalidInput(file + ": not a calibration this lab wrote: " + e.getMessage());
        }
    }

    private static YamlDocument parse(Path file) {
        try {
            return YamlDocument.parse(Files.readString(file), "the file is empty: not a calibration",
                    "a second document: a calibration is one JSON object");
        } catch (YamlDocument.SyntaxException e) {
            throw LabException.invalidInput(file + ":" + e.line() + ": not a calibration this lab wrote: " + e.getMessage());
        } catch (IOException e) {
            throw LabException.invalidInput(file + ": cannot read the calibration: " + e.getMessage());
        }
    }

    /** Every field of record {@code type} present and not null in {@code node} (but {@link #NULLABLE}), down the tree. */
    private static void check(JsonNode node, Type type, String pointer, YamlDocument document, List<String> problems) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (List.class.isAssignableFrom(raw) && node.isArray()) {
            Type item = ((ParameterizedType) type).getActualTypeArguments()[0];
            for (int i = 0; i < node.size(); i++) {
                field(node.get(i), item, pointer + "/" + i, false, document, problems);
            }
        } else if (raw.isRecord() && node.isObject()) {
            for (RecordComponent component : raw.getRecordComponents()) {
                field(node.get(component.getName()), component.getGenericType(), pointer + "/" + component.getName(),
                        NULLABLE.contains(component.getName()), document, problems);
            }
        }
    }

    private static void field(JsonNode value, Type type, String pointer, boolean nullable, YamlDocument document,
                              List<String> problems) {
        if (value == null || value.isNull()) {
            if (!nullable) {
                String where = ExperimentError.field(pointer, document.tree());
                problems.add(document.lines().lineOf(pointer) + ": " + where + ": "
                        + (value == null ? "missing" : "null where a value must be") + " (not a calibration this lab wrote)");
            }
            return;
        }
        check(value, type, pointer, document, problems);
    }

    public static Path write(Path directory, Calibration calibration) {
        Path file = of(directory, calibration.key());
        try {
            Files.createDirectories(directory);
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            JSON.writeValue(partial.toFile(), calibration);
            return Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write the calibration " + file + ": " + e.getMessage());
        }
    }
}
