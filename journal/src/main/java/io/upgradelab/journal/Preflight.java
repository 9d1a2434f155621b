package io.upgradelab.journal;

import java.util.Comparator;
import java.util.List;

/**
 * What a live cluster would trip on when upgraded to {@code to} (the {@code preflight} journal line, and
 * {@code upgrade-lab preflight --output json}): the answer to "will my cluster, with my data and my clients,
 * survive the next version?" before anyone stops a node. Each finding carries the Nacos issue or manual
 * section behind it, so an operator can check the lab's reading against the source.
 *
 * @param to       the version the cluster would be upgraded to
 * @param from     the versions its nodes run now, node 1 first ("" for a node that did not answer)
 * @param findings one or more per check, in the checks' order
 */
@LineType("preflight")
public record Preflight(String to, List<String> from, List<Finding> findings) {

    public Preflight {
        from = List.copyOf(from);
        findings = List.copyOf(findings);
    }

    /** How bad a finding is: what the operator does next. */
    public enum Level {
        /** Nothing to do. */
        ok,
        /** The upgrade may go wrong here, or this could not be checked: look before going on. */
        atRisk,
        /** The upgrade fails here as things are (a node does not start, clients are cut off): fix it first. */
        blocked;

        /** How the text output names it. */
        public String label() {
            return switch (this) {
                case ok -> "ok";
                case atRisk -> "at risk";
                case blocked -> "blocked";
            };
        }
    }

    /**
     * One thing preflight found.
     *
     * @param check      the check that found it, e.g. {@code namespaceDuplicates}
     * @param level      ok, at risk or blocked
     * @param message    what it found, with the figures and names behind it
     * @param references the Nacos issues or manual sections that say why it matters, e.g. {@code alibaba/nacos#13488}
     */
    public record Finding(String check, Level level, String message, List<String> references) {

        public Finding {
            references = List.copyOf(references);
        }

        public static Finding ok(String check, String message) {
            return new Finding(check, Level.ok, message, List.of());
        }
    }

    /** The worst level found; ok when there are no findings. */
    public Level worst() {
        return findings.stream().map(Finding::level).max(Comparator.naturalOrder()).orElse(Level.ok);
    }

    /** The findings at {@code level}. */
    public List<Finding> at(Level level) {
        return findings.stream().filter(f -> f.level() == level).toList();
    }
}
