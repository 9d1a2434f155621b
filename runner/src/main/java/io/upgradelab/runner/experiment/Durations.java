package io.upgradelab.runner.experiment;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as experiment files write them: a number and a unit, or several ({@code 500ms},
 * {@code 30s}, {@code 5m}, {@code 1h}, {@code 1m30s}). The schema's pattern is {@link #PATTERN}.
 */
public final class Durations {

    public static final String PATTERN = "^([0-9]+(ms|s|m|h))+$";
    private static final Pattern PART = Pattern.compile("([0-9]+)(ms|s|m|h)");

    private Durations() {
    }

    /** Parses {@code text}; throws IllegalArgumentException saying what is expected. */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.matches(PATTERN)) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: write e.g. 30s, 5m, 1m30s, 500ms");
        }
        Duration total = Duration.ZERO;
        Matcher m = PART.matcher(t);
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            total = total.plus(switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            });
        }
        return total;
    }

    /** {@code 1m30s}, {@code 45s}, {@code 2h5m}: how a person reads it. */
    public static String text(Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        if (s < 60) {
            return s + "s";
        }
        long h = s / 3600;
        long m = s % 3600 / 60;
        long rest = s % 60;
        return (h > 0 ? h + "h" : "") + (m > 0 ? m + "m" : "") + (rest > 0 ? rest + "s" : "");
    }
}
