package io.upgradelab.runner;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.upgradelab.journal.ControlCharacters;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as experiment files write them: a number and a unit, or several ({@code 500ms},
 * {@code 30s}, {@code 5m}, {@code 1h}, {@code 1m30s}). The schema's pattern is {@link #PATTERN}. One
 * codec for every place a duration is read or written: experiment files, the journal, calibrations.
 */
public final class Durations {

    /** At most four parts (h, m, s, ms), so that matching a hostile string of any length cannot recurse deep. */
    public static final String PATTERN = "^([0-9]{1,9}(ms|s|m|h)){1,4}$";
    /**
     * The longest duration a file may give: a week is longer than any experiment here, and the bound
     * keeps every sum and product the plan and the engine make of durations far from overflow.
     */
    public static final Duration MAX = Duration.ofDays(7);
    private static final Pattern PART = Pattern.compile("([0-9]{1,9})(ms|s|m|h)");

    private Durations() {
    }

    /** Parses {@code text}; throws IllegalArgumentException saying what is expected, or that it is over {@link #MAX}. */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.matches(PATTERN)) {
            throw new IllegalArgumentException("'" + ControlCharacters.shown(text) + "' is not a duration: write e.g. 30s, 5m, 1m30s, 500ms"
                    + " (at most 4 parts of 9 digits)");
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
        if (total.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("'" + ControlCharacters.shown(text) + "' is longer than " + text(MAX) + ", the longest duration the lab takes");
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

    /** The exact text of {@code d} as files write it: {@code 1h5m}, {@code 1m30s}, {@code 500ms}, {@code 0s}. */
    public static String exact(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        StringBuilder out = new StringBuilder();
        long ms = d.toMillis();
        long[] sizes = {3_600_000, 60_000, 1000, 1};
        String[] units = {"h", "m", "s", "ms"};
        for (int i = 0; i < sizes.length; i++) {
            if (ms >= sizes[i]) {
                out.append(ms / sizes[i]).append(units[i]);
                ms %= sizes[i];
            }
        }
        return out.toString();
    }

    /** Jackson reads and writes durations as files write them ({@link #parse}, {@link #exact}). */
    public static SimpleModule module() {
        return new SimpleModule("upgrade-lab durations")
                .addDeserializer(Duration.class, new Reader())
                .addSerializer(Duration.class, new Writer());
    }

    private static final class Reader extends JsonDeserializer<Duration> {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext context) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (Duration) context.handleUnexpectedToken(Duration.class, p);
            }
            try {
                return parse(p.getText());
            } catch (IllegalArgumentException e) {
                throw JsonMappingException.from(p, e.getMessage(), e);   // the message alone, named at its field
            }
        }
    }

    private static final class Writer extends JsonSerializer<Duration> {
        @Override
        public void serialize(Duration value, JsonGenerator generator, SerializerProvider provider) throws IOException {
            generator.writeString(exact(value));
        }
    }
}
