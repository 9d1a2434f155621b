package io.upgradelab.probe;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads {@code 500ms}, {@code 3s}, {@code 10m}, {@code 1h} (and ISO-8601 such as {@code PT90S}). */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher m = SHORT.matcher(value.trim());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
        try {
            return Duration.parse(value.trim());
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration: use e.g. 500ms, 30s, 10m or 1h");
        }
    }
}
