package io.upgradelab.reports.check;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One broken promise, with its shortest timeline: the operations and views that show it, in order.
 *
 * @param promise  the promise broken
 * @param service  the service
 * @param instance the instance ({@code ip:port}); "" for an empty push, which concerns the service
 * @param client   the fleet's client that holds it ({@code client 3, 1.4.1}); "" for an empty push
 * @param where    whose view: {@code subscriber 2.5.1} or {@code node 2}
 * @param from     when the violation began (the bound already passed)
 * @param to       when it ended; null when it lasted to the end of the evidence
 * @param timeline what shows it, in time order (sorted here)
 */
public record Violation(Promise promise, String service, String instance, String client, String where, Instant from,
                        Instant to, List<Step> timeline) {

    public Violation {
        timeline = timeline.stream().sorted(java.util.Comparator.comparing(Step::at)).toList();
    }

    /** One moment of a timeline. */
    public record Step(Instant at, String what) {
    }

    /** How long it lasted, to {@code end} when it lasted to the end of the evidence. */
    public Duration lasted(Instant end) {
        return Duration.between(from, to == null ? end : to);
    }

    /** "ackedVisible: providers:...:: 127.0.0.1:30000 (client 0, 1.4.1) missing from subscriber 1.4.1 for 4.8 s". */
    public String headline(Instant end) {
        String what = instance.isEmpty() ? service : service + " " + instance + " (" + client + ")";
        String how = switch (promise) {
            case ackedVisible -> "missing from " + where;
            case deadGoneWithin -> "still served by " + where;
            case noEmptyPush -> "pushed empty to " + where;
        };
        return promise + ": " + what + " " + how + (to == null ? " to the end, " : " for ")
                + Math.round(lasted(end).toMillis() / 100.0) / 10.0 + " s";
    }
}
