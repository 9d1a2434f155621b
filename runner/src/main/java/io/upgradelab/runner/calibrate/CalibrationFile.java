package io.upgradelab.runner.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Calibrations as JSON files, one per {@link CalibrationKey}, in a folder ({@code runs/calibrations} by default). */
public final class CalibrationFile {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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

    public static Calibration read(Path file) {
        try {
            return JSON.readValue(file.toFile(), Calibration.class);
        } catch (IOException e) {
            throw LabException.invalidInput(file + ": not a calibration this lab wrote: " + e.getMessage());
        }
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
