package io.upgradelab.reports;

import io.upgradelab.journal.ConfigCheck;
import io.upgradelab.journal.ConfigCheck.ListenerConfigs;
import io.upgradelab.journal.ConfigCheck.NodeConfigs;
import io.upgradelab.journal.Line;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A phase's config checks (the configs observer's {@code configCheck} lines): how many judged
 * something, and what they found, so that a config an upgrade lost, or a change a listener never
 * heard, is named with the node or client, the time and the config.
 *
 * @param checks          checks that judged at least one config on at least one node
 * @param published       configs the lab keeps (as the phase's last check says)
 * @param changes         changes the lab published in the phase
 * @param publishFailures publishes no node took in the phase (retried)
 * @param maxMissing      most configs one node missed in one check; {@code maxMismatched} the same
 * @param listeners       per client version
 * @param findings        per node and kind of loss (missing, mismatched), and per listener behind, the
 *                        first check that found it, e.g. "node 1 (2.0.4) at 95 s: 1 missing (lab-config-0010)"
 */
public record ConfigFigures(int checks, int published, long changes, int publishFailures, int maxMissing,
                            int maxMismatched, List<ListenerFigures> listeners, List<String> findings) {

    /**
     * One client version's listener over the phase ({@code generation}: 1x or 2x, how it is told).
     *
     * @param checks    checks that judged it (it had listened for the settle time)
     * @param changes   changes published while it listened, in the phase
     * @param notified  callbacks it received in the phase
     * @param maxBehind most configs whose last change it had not heard, in one check
     */
    public record ListenerFigures(String generation, String client, int checks, long changes, long notified,
                                  int maxBehind) {
    }

    public ConfigFigures {
        listeners = List.copyOf(listeners);
        findings = List.copyOf(findings);
    }

    /** Whether any check judged something: a phase without one says nothing about the configs. */
    public boolean measured() {
        return checks > 0;
    }

    /**
     * The figures of {@code inPhase} (in journal order); cumulative counters count from
     * {@code before}, the run's last check before the phase (null: none).
     */
    static ConfigFigures of(List<Line<ConfigCheck>> inPhase, ConfigCheck before) {
        int checks = 0;
        int maxMissing = 0;
        int maxMismatched = 0;
        Set<String> found = new LinkedHashSet<>();
        List<String> findings = new ArrayList<>();
        for (Line<ConfigCheck> line : inPhase) {
            ConfigCheck check = line.body();
            boolean judged = check.checked() > 0 && check.nodes().stream().anyMatch(NodeConfigs::checked);
            checks += judged ? 1 : 0;
            for (NodeConfigs node : check.nodes()) {
                maxMissing = Math.max(maxMissing, node.missing());
                maxMismatched = Math.max(maxMismatched, node.mismatched());
                String where = "node " + node.node() + " (" + node.version() + ") at " + seconds(line) + ": ";
                find(found, findings, "missing " + node.node(), node.missing(), where, "missing", node.missingIds());
                find(found, findings, "mismatched " + node.node(), node.mismatched(), where,
                        "with other content or MD5", node.mismatchedIds());
            }
            for (ListenerConfigs l : check.listeners()) {
                find(found, findings, "behind " + l.client(), l.behind(), "listener " + l.generation() + " ("
                        + l.client() + ") at " + seconds(line) + ": ", "not at the last change", l.behindIds());
            }
        }
        if (inPhase.isEmpty()) {
            return new ConfigFigures(0, before == null ? 0 : before.published(), 0, 0, 0, 0, List.of(), List.of());
        }
        ConfigCheck last = inPhase.get(inPhase.size() - 1).body();
        return new ConfigFigures(checks, last.published(), last.changes() - (before == null ? 0 : before.changes()),
                last.publishFailures() - (before == null ? 0 : before.publishFailures()), maxMissing, maxMismatched,
                listeners(inPhase, before), findings);
    }

    /** Adds "WHERE: N WHAT (ids)" to {@code findings} the first time {@code key} counts something. */
    private static void find(Set<String> found, List<String> findings, String key, int count, String where,
                             String what, List<String> ids) {
        if (count > 0 && found.add(key)) {
            findings.add(where + count + " " + what + " (" + String.join(", ", ids)
                    + (ids.size() < count ? ", ..." : "") + ")");
        }
    }

    /**
     * Each listener's figures, by client version (two 2.x versions may listen side by side); its
     * cumulative counts count from {@code before}'s (from 0 without it).
     */
    private static List<ListenerFigures> listeners(List<Line<ConfigCheck>> inPhase, ConfigCheck before) {
        Map<String, ListenerConfigs> atStart = new LinkedHashMap<>();
        if (before != null) {
            before.listeners().forEach(l -> atStart.put(l.client(), l));
        }
        Map<String, ListenerFigures> figures = new LinkedHashMap<>();
        for (Line<ConfigCheck> line : inPhase) {
            for (ListenerConfigs l : line.body().listeners()) {
                ListenerConfigs start = atStart.get(l.client());
                ListenerFigures so = figures.get(l.client());
                figures.put(l.client(), new ListenerFigures(l.generation(), l.client(),
                        (so == null ? 0 : so.checks()) + (l.listening() ? 1 : 0),
                        l.changes() - (start == null ? 0 : start.changes()),
                        l.notified() - (start == null ? 0 : start.notified()),
                        Math.max(so == null ? 0 : so.maxBehind(), l.behind())));
            }
        }
        return List.copyOf(figures.values());
    }

    private static String seconds(Line<?> line) {
        return String.format(Locale.ROOT, "%.0f s", line.elapsed());
    }
}
