package io.upgradelab.reports;

import io.upgradelab.journal.ConsumerStack;
import io.upgradelab.journal.Line;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one consumer stack felt through one event of a {@code consumerStacks} phase, as the reports show it, and
 * the settings the run's figures recommend: two stacks that differ in one setting only (Spring Cloud LoadBalancer's
 * cache on and off, nacos-client's empty-push protection on and off) rode the same events side by side, so their
 * failed calls say which setting rode them better here.
 *
 * @param phase   the phase it ran in
 * @param servers the nodes' versions at the event, by node with repeats run together: "2.0.4 x3", "2.0.4, 1.4.1 x2"
 * @param line    the journal line
 */
public record ConsumerStackSummary(int phase, String servers, ConsumerStack line) {

    /** A stack's name as the phase writes it: what it is, then ", SETTING on" or ", SETTING off". */
    private static final Pattern SETTING = Pattern.compile("(.+), (.+) (on|off)");

    /** The rows of a run's consumerStack lines, in journal order. */
    public static List<ConsumerStackSummary> of(List<Line<ConsumerStack>> lines) {
        return lines.stream().map(l -> new ConsumerStackSummary(l.phase(), BenchmarkSummary.servers(l.body().servers()),
                l.body())).toList();
    }

    /**
     * Per phase, per stack that ran with a setting both on and off: which rode the phase's events with fewer failed
     * calls, by more than a second of its calls (what the calls in flight at a kill may cost either way; within that,
     * the setting made no difference measured), in words with the figures, e.g. "phase 4, Spring Cloud Gateway:
     * load-balancer cache off rode instanceKill better (5 failed calls over 0.6 s vs 359 ...); load-balancer cache on
     * rode nodeKill better (...): no setting wins every event measured".
     */
    public static List<String> advice(List<ConsumerStackSummary> rows) {
        Map<String, Map<String, ConsumerStack>> byPair = new LinkedHashMap<>();   // "phase|stack|setting" -> on/off|event
        for (ConsumerStackSummary row : rows) {
            Matcher named = SETTING.matcher(row.line().stack());
            if (named.matches()) {
                byPair.computeIfAbsent(row.phase() + "|" + named.group(1) + "|" + named.group(2), k -> new LinkedHashMap<>())
                        .put(named.group(3) + "|" + row.line().event(), row.line());
            }
        }
        List<String> advice = new ArrayList<>();
        byPair.forEach((key, lines) -> pairAdvice(key.split("\\|", 3), lines).ifPresent(advice::add));
        return List.copyOf(advice);
    }

    private static Optional<String> pairAdvice(String[] key, Map<String, ConsumerStack> lines) {
        List<String> onBetter = new ArrayList<>();
        List<String> offBetter = new ArrayList<>();
        List<String> same = new ArrayList<>();
        List<String> events = lines.keySet().stream().map(k -> k.substring(k.indexOf('|') + 1)).distinct().toList();
        for (String event : events) {
            ConsumerStack on = lines.get("on|" + event);
            ConsumerStack off = lines.get("off|" + event);
            if (on == null || off == null) {
                continue;
            }
            int noise = Math.max(on.rate(), off.rate());   // a second of calls: what the calls in flight at a kill may cost
            if (on.errors() + noise < off.errors()) {
                onBetter.add(event + " better (" + figures(on) + " vs " + figures(off) + ")");
            } else if (off.errors() + noise < on.errors()) {
                offBetter.add(event + " better (" + figures(off) + " vs " + figures(on) + ")");
            } else {
                same.add(event + " (" + figures(on) + " on, " + figures(off) + " off)");
            }
        }
        if (onBetter.isEmpty() && offBetter.isEmpty() && same.isEmpty()) {
            return Optional.empty();
        }
        String setting = key[2];
        String head = "phase " + key[0] + ", " + key[1] + ": ";
        List<String> parts = new ArrayList<>();
        if (!offBetter.isEmpty()) {
            parts.add(setting + " off rode " + String.join(" and ", offBetter));
        }
        if (!onBetter.isEmpty()) {
            parts.add(setting + " on rode " + String.join(" and ", onBetter));
        }
        if (!same.isEmpty()) {
            parts.add(setting + " made no difference beyond a second of calls through " + String.join(" and ", same));
        }
        String verdict = !onBetter.isEmpty() && !offBetter.isEmpty() ? ": no setting wins every event measured"
                : !onBetter.isEmpty() ? ": turn " + setting + " on"
                : !offBetter.isEmpty() ? ": turn " + setting + " off"
                : "";
        return Optional.of(head + String.join("; ", parts) + verdict);
    }

    /** "359 failed calls over 26.5 s", "0 failed calls". */
    private static String figures(ConsumerStack line) {
        return line.errors() + " failed calls" + (line.errors() == 0 ? ""
                : String.format(Locale.ROOT, " over %.1f s", line.secondsToStop()));
    }
}
