package io.upgradelab.runner.experiment;

import io.upgradelab.runner.LabException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An experiment file that cannot run as written: every error found, in file order, one per line of
 * the message, so one look (or one CI log) shows everything to fix. Exit code 2 (invalid input):
 * nothing was started.
 */
public final class InvalidExperimentException extends LabException {

    private final String file;
    private final List<ExperimentError> errors;

    public InvalidExperimentException(String file, List<ExperimentError> errors) {
        super(INVALID_INPUT, message(file, errors));
        this.file = file;
        this.errors = errors.stream().sorted(ExperimentError.IN_FILE_ORDER).toList();
    }

    public String file() {
        return file;
    }

    /** The errors in file order. */
    public List<ExperimentError> errors() {
        return errors;
    }

    private static String message(String file, List<ExperimentError> errors) {
        return file + " is not a valid experiment (" + errors.size() + (errors.size() == 1 ? " error" : " errors")
                + "):\n" + errors.stream().sorted(ExperimentError.IN_FILE_ORDER).map(ExperimentError::toString)
                .collect(Collectors.joining("\n"));
    }
}
