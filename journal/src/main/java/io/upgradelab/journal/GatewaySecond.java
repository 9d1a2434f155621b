package io.upgradelab.journal;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * One second of wrk's load through a gateway while a phase ran under it (the {@code gatewaySecond} journal line):
 * the gateway's series, as the probe's {@link ProbeSecond}s are the Dubbo consumer's. wrk keeps its connections
 * busy whatever happens, so a second in which the gateway routed to a dead instance, or found none, shows as
 * answers that were not 2xx or 3xx, and one in which it hung as a second with few answers or none.
 *
 * @param gateway     the gateway's name, e.g. {@code spring-cloud-gateway}
 * @param during      the kind of the phase the load ran through, e.g. {@code rollingServerUpgrade}
 * @param concurrency wrk's connections
 * @param second      seconds since the load started (1 for the first)
 * @param time        when this second ended
 * @param responses   the answers that ended in this second, whatever their status
 * @param non2xx      of them, those that were not 2xx or 3xx, as wrk counts them
 */
@LineType("gatewaySecond")
public record GatewaySecond(String gateway, String during, int concurrency, long second, Instant time, long responses,
                            long non2xx) {

    /**
     * A run of seconds in figures: what a person reads first of a gateway's series.
     *
     * @param seconds        how many
     * @param responses      the answers in all
     * @param non2xx         of them, those not 2xx or 3xx
     * @param median         the median second's answers
     * @param fewest         the fewest answers of a second
     * @param fewestAt       that second's number (the first such)
     * @param secondsFailing the seconds with an answer not 2xx or 3xx
     * @param secondsSilent  the seconds without an answer
     */
    public record Tally(int seconds, long responses, long non2xx, long median, long fewest, long fewestAt,
                        int secondsFailing, int secondsSilent) {

        /** "412 s at a median 1320 answers/s, the fewest 0 (second 133); 57 s with answers not 2xx/3xx (3120); 4 s silent". */
        public String describe() {
            if (seconds == 0) {
                return "no whole second measured";
            }
            return seconds + " s at a median " + median + " answers/s, the fewest " + fewest + " (second " + fewestAt + "); "
                    + secondsFailing + " s with answers not 2xx/3xx (" + non2xx + " in all); " + secondsSilent
                    + " s without an answer";
        }
    }

    /** {@code seconds} tallied, in the order given. */
    public static Tally tally(List<GatewaySecond> seconds) {
        long[] sorted = seconds.stream().mapToLong(GatewaySecond::responses).sorted().toArray();
        GatewaySecond fewest = seconds.stream().min(Comparator.comparingLong(GatewaySecond::responses))
                .orElse(null);
        return new Tally(seconds.size(), seconds.stream().mapToLong(GatewaySecond::responses).sum(),
                seconds.stream().mapToLong(GatewaySecond::non2xx).sum(), sorted.length == 0 ? 0 : sorted[sorted.length / 2],
                fewest == null ? 0 : fewest.responses(), fewest == null ? 0 : fewest.second(),
                (int) seconds.stream().filter(s -> s.non2xx() > 0).count(),
                (int) seconds.stream().filter(s -> s.responses() == 0).count());
    }
}
