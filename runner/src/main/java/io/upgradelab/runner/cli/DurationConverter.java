package io.upgradelab.runner.cli;

import io.upgradelab.runner.Durations;
import io.upgradelab.runner.LabException;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration on the command line as an experiment file writes one ({@code 90s}, {@code 2m}, {@code 1m30s}), so a
 * flag and a field never take time two ways; a bare number is seconds, as the flags that took seconds did.
 */
final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String text) {
        String value = text.strip().matches("[0-9]{1,9}") ? text.strip() + "s" : text.strip();
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + text + "' is no duration: e.g. 90s, 2m, 1m30s (a bare number is"
                    + " seconds)");
        }
    }

    /**
     * {@code value} of {@code option} when it lies from {@code least} to {@code most}; otherwise invalid input
     * saying the range: the one check of a duration flag's bounds, as the converter is the one parser.
     */
    static Duration within(String option, Duration value, Duration least, Duration most) {
        if (value.compareTo(least) < 0 || value.compareTo(most) > 0) {
            throw LabException.invalidInput(option + " takes a duration from " + Durations.exact(least) + " to "
                    + Durations.exact(most) + ", not " + Durations.exact(value));
        }
        return value;
    }
}
