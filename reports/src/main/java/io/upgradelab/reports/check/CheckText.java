package io.upgradelab.reports.check;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** A {@link RegistryCheck.Result} as a person reads it: what was covered, then each violation with its timeline. */
public final class CheckText {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private CheckText() {
    }

    /** The result, the first {@code most} violations of each promise with their timelines (times UTC). */
    public static String render(RegistryCheck.Result result, int most) {
        StringBuilder text = new StringBuilder("Checked: ").append(result.coverage().describe()).append('\n')
                .append("Bounds: visible within ").append(RegistryCheck.seconds(result.bounds().visibleWithin()))
                .append(", gone within ").append(RegistryCheck.seconds(result.bounds().goneWithin()))
                .append("; evidence to ").append(result.end()).append('\n');
        result.coverage().thin().ifPresent(why -> text.append("Too thin to check: ").append(why).append('\n'));
        for (Promise promise : Promise.values()) {
            List<Violation> violations = result.of(promise);
            text.append('\n').append(promise).append(": ").append(violations.isEmpty() ? "kept"
                    : violations.size() + " violation" + (violations.size() == 1 ? "" : "s") + " (" + promise.broken()
                    + ")").append('\n');
            violations.stream().limit(most).forEach(v -> violation(text, v, result.end()));
            if (violations.size() > most) {
                text.append("  ... and ").append(violations.size() - most).append(" more (--most N shows more)\n");
            }
        }
        return text.toString();
    }

    private static void violation(StringBuilder text, Violation v, Instant end) {
        text.append("  ").append(v.headline(end)).append('\n');
        v.timeline().forEach(step -> text.append("    ").append(CLOCK.format(step.at())).append("  ")
                .append(step.what()).append('\n'));
    }
}
