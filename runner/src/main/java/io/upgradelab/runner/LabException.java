package io.upgradelab.runner;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A failure the user must see as one line, with the process exit code it maps to.
 *
 * <p>The CLI prints {@link #getMessage()} (plus the log to read, when there is one) and exits with
 * {@link #exitCode()}; it never prints a stack trace for these. Anything else that escapes is a bug
 * and is shown with its stack trace.
 */
public class LabException extends RuntimeException {

    /** The run did what it could and failed: a node did not start, a cluster did not form. */
    public static final int FAILED = 1;
    /** The input was wrong: a flag, a version, a port, an experiment file. Nothing was started. */
    public static final int INVALID_INPUT = 2;
    /** Ctrl-C: the shell's convention for SIGINT (128 + 2). */
    public static final int INTERRUPTED = 130;

    private final int exitCode;
    private final Path logFile;
    private final List<String> logTail;

    public LabException(int exitCode, String message) {
        this(exitCode, message, null, List.of());
    }

    /**
     * @param logFile the log a person should open next, or null
     * @param logTail its last lines, shown under the message
     */
    public LabException(int exitCode, String message, Path logFile, List<String> logTail) {
        super(message);
        this.exitCode = exitCode;
        this.logFile = logFile;
        this.logTail = List.copyOf(logTail);
    }

    public static LabException invalidInput(String message) {
        return new LabException(INVALID_INPUT, message);
    }

    public int exitCode() {
        return exitCode;
    }

    /** The log a person should open next, if the failure has one. */
    public Optional<Path> logFile() {
        return Optional.ofNullable(logFile);
    }

    /** The last lines of {@link #logFile()}, when they explain the failure. */
    public List<String> logTail() {
        return logTail;
    }
}
