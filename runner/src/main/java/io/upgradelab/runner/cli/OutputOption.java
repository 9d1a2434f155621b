package io.upgradelab.runner.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.experiment.ExperimentError;
import io.upgradelab.runner.experiment.InvalidExperimentException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --output text|json}: a command's answer for a person (text, the default) or for a
 * pipeline, as one JSON document on standard output. The document is the command's record
 * ({@link JsonCommand}), written by Jackson, so its fields are the record's, and the help lists them.
 * Exit codes do not change; a command that fails prints a {@link Failure} document instead, and its
 * text on standard error as always.
 */
final class OutputOption {

    /** What {@code --output} takes. */
    enum Format { text, json }

    /** Times as ISO-8601 text, as the journal writes them ({@code check}'s timelines carry instants). */
    private static final ObjectMapper JSON = io.upgradelab.journal.JournalJson.builder()
            .enable(SerializationFeature.INDENT_OUTPUT).disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS).build();

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text (the default) or json: one JSON document on standard output, with the fields"
                    + " listed below.")
    Format format;

    boolean json() {
        return format == Format.json;
    }

    /**
     * A command that answers in JSON with {@code --output json}.
     */
    interface JsonCommand {

        /** The record it prints: its fields are the document's (listed in its help). */
        Class<? extends Record> jsonType();
    }

    /**
     * What a command that failed prints in JSON.
     *
     * @param error why it failed
     */
    record Failure(Details error) {

        /**
         * @param exitCode the process's exit code: 1 failed, 2 invalid input
         * @param message  what the text on standard error says
         * @param problems the input's mistakes one by one, where they were found in a file (an experiment); else empty
         */
        record Details(int exitCode, String message, List<Problem> problems) {
        }
    }

    /**
     * One mistake in an input file, where an editor jumps to it.
     *
     * @param file    the file as given
     * @param line    1-based line
     * @param column  1-based column
     * @param field   the field, as a dotted path with list items numbered from 1 ({@code phase 4.to});
     *                "" for the file as a whole; null for a YAML syntax error
     * @param message what is wrong there
     */
    record Problem(String file, int line, int column, String field, String message) {

        static Problem of(ExperimentError error) {
            return new Problem(error.file(), error.line(), error.column(), error.field(), error.message());
        }
    }

    /** Prints {@code result} as a JSON document on {@code spec}'s standard output. */
    static void print(CommandSpec spec, Object result) {
        PrintWriter out = spec.commandLine().getOut();
        try {
            out.println(JSON.writeValueAsString(result));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }

    /**
     * When {@code command} ran with {@code --output json}: prints its failure ({@code exitCode},
     * {@code message}, and the problems {@code cause} lists) as a JSON document.
     */
    static void printFailure(CommandLine command, int exitCode, String message, Exception cause) {
        boolean json = command.getCommandSpec().mixins().values().stream().map(CommandSpec::userObject)
                .anyMatch(mixin -> mixin instanceof OutputOption output && output.json());
        if (json) {
            List<Problem> problems = cause instanceof InvalidExperimentException invalid
                    ? invalid.errors().stream().map(Problem::of).toList() : List.of();
            print(command.getCommandSpec(), new Failure(new Failure.Details(exitCode, message, problems)));
        }
    }

    /**
     * A usage error (an unknown option, a missing parameter, a bad value) of a command that takes
     * {@code --output}: printed as a {@link Failure} document when the arguments ask for JSON. Read from the
     * arguments as given, since a command line that did not parse may not have set the option; a pipeline that
     * asked for JSON must get JSON whatever went wrong.
     */
    static void printUsageFailure(CommandLine command, String[] args, String message) {
        boolean takesOutput = command.getCommandSpec().mixins().values().stream()
                .anyMatch(mixin -> mixin.userObject() instanceof OutputOption);
        if (takesOutput && asksForJson(args)) {
            print(command.getCommandSpec(), new Failure(new Failure.Details(LabException.INVALID_INPUT, message, List.of())));
        }
    }

    /** Whether {@code args} hold {@code --output json} or {@code --output=json} (before a {@code --}). */
    static boolean asksForJson(String[] args) {
        for (int i = 0; i < args.length && !args[i].equals("--"); i++) {
            if (args[i].equals("--output=json") || args[i].equals("--output") && i + 1 < args.length
                    && args[i + 1].equals("json")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The fields of {@code type} as Jackson writes them, nested: {@code {file, phases, notes: [],
     * problems: [{file, line}]}}, so the help lists what the document holds.
     */
    static String shape(Class<?> type) {
        return shape(JSON.constructType(type));
    }

    private static String shape(JavaType type) {
        if (type.isCollectionLikeType() || type.isArrayType()) {
            return "[" + shape(type.getContentType()) + "]";
        }
        if (!type.isRecordType()) {
            return "";
        }
        var description = JSON.getSerializationConfig().introspect(type);
        if (description.findJsonValueAccessor() != null) {   // written as one value (a bound's words)
            return "";
        }
        return description.findProperties().stream()
                .map(p -> p.getName() + (shape(p.getPrimaryType()).isEmpty() ? "" : ": " + shape(p.getPrimaryType())))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
