package io.upgradelab.runner.cli;

import io.upgradelab.runner.Durations;
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
}
