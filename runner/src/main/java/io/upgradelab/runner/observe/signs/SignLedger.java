package io.upgradelab.runner.observe.signs;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.journal.FailureSignWarning;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which sign was seen on which node, and what of it to journal: a sign's first line on a node at
 * once; its repeats counted, and journalled with the next line of it at most once a {@link #window};
 * a state sign once it has held for its bound, and again only after it stopped holding. A server that
 * logs the same error a hundred times a second leaves one warning a minute with the count, not a
 * hundred journal lines.
 */
final class SignLedger {

    /** The most of a log line a warning quotes. */
    static final int LINE_LENGTH = 300;

    private final Duration window;
    private final Map<Key, Repeats> logs = new HashMap<>();
    private final Map<Key, Held> states = new HashMap<>();

    SignLedger(Duration window) {
        this.window = window;
    }

    /** A sign on a node, as journals and policies name it. */
    private record Key(String sign, int node) {
    }

    /** A log sign's lines on a node since its last warning. */
    private static final class Repeats {
        private final String issue;
        private Instant lastWarned;
        private int count;
        private String lastLine;

        Repeats(String issue) {
            this.issue = issue;
        }
    }

    /** Since when a state sign holds on a node, and whether it was journalled. */
    private record Held(Instant since, boolean journalled) {
    }

    /** {@code line} of {@code sign} seen on {@code node} at {@code now}: the warning to journal now, if it is its first. */
    List<FailureSignWarning> logLine(LogSign sign, int node, String line, Instant now) {
        Repeats repeats = logs.computeIfAbsent(new Key(sign.sign(), node), k -> new Repeats(sign.issue()));
        if (repeats.lastWarned == null) {
            repeats.lastWarned = now;
            return List.of(FailureSignWarning.of(sign.sign(), sign.issue(), node, clipped(line), 0));
        }
        repeats.count++;
        repeats.lastLine = line;
        return List.of();
    }

    /**
     * The nodes {@code sign}'s condition holds for this round ({@code holding}, with what shows it): a
     * warning for each that has now held for the sign's bound, once per stretch of holding.
     */
    List<FailureSignWarning> state(StateSign sign, Map<Integer, String> holding, Instant now) {
        states.keySet().removeIf(k -> k.sign().equals(sign.sign()) && !holding.containsKey(k.node()));
        List<FailureSignWarning> warnings = new ArrayList<>();
        holding.forEach((node, what) -> {
            Key key = new Key(sign.sign(), node);
            Held held = states.computeIfAbsent(key, k -> new Held(now, false));
            Duration lasted = Duration.between(held.since(), now);
            if (!held.journalled() && lasted.compareTo(sign.bound()) >= 0) {
                states.put(key, new Held(held.since(), true));
                String line = sign.bound().isZero() ? what : what + ", for " + lasted.toSeconds() + " s";
                warnings.add(FailureSignWarning.of(sign.sign(), sign.issue(), node, clipped(line), 0));
            }
        });
        return warnings;
    }

    /** The counted repeats whose window has passed by {@code now}, each as a warning with its last line. */
    List<FailureSignWarning> due(Instant now) {
        return repeats(r -> !r.lastWarned.plus(window).isAfter(now), now);
    }

    /** Every counted repeat not yet journalled (a phase ends). */
    List<FailureSignWarning> all(Instant now) {
        return repeats(r -> true, now);
    }

    private List<FailureSignWarning> repeats(java.util.function.Predicate<Repeats> due, Instant now) {
        List<FailureSignWarning> warnings = new ArrayList<>();
        logs.entrySet().stream().sorted(Map.Entry.comparingByKey(
                        java.util.Comparator.comparing(Key::sign).thenComparingInt(Key::node)))
                .filter(e -> e.getValue().count > 0 && due.test(e.getValue())).forEach(e -> {
                    Repeats r = e.getValue();
                    warnings.add(FailureSignWarning.of(e.getKey().sign(), r.issue, e.getKey().node(),
                            clipped(Objects.requireNonNull(r.lastLine)), r.count - 1));
                    r.count = 0;
                    r.lastWarned = now;
                });
        return warnings;
    }

    private static String clipped(String line) {
        return ControlCharacters.shown(line, LINE_LENGTH);
    }
}
