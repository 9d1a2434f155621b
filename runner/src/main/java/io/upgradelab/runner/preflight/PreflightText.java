package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight;
import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;

/** Preflight's answer for a person: the verdict first, then each finding with the sources behind it. */
public final class PreflightText {

    private PreflightText() {
    }

    public static String render(Preflight preflight) {
        StringBuilder text = new StringBuilder();
        text.append("preflight to ").append(preflight.to()).append(" (nodes on ")
                .append(String.join(", ", preflight.from().stream().map(v -> v.isEmpty() ? "?" : v).toList()))
                .append("): ").append(verdict(preflight)).append('\n');
        for (Finding finding : preflight.findings()) {
            text.append(String.format("%-8s %-22s %s", finding.level().label(), finding.check(), finding.message()));
            if (!finding.references().isEmpty()) {
                text.append(" [").append(String.join(", ", finding.references())).append(']');
            }
            text.append('\n');
        }
        return text.toString();
    }

    /** E.g. {@code BLOCKED: 2 blocked, 1 at risk, 6 ok}. */
    public static String verdict(Preflight preflight) {
        return preflight.worst().label().toUpperCase(java.util.Locale.ROOT) + ": " + preflight.at(Level.blocked).size()
                + " blocked, " + preflight.at(Level.atRisk).size() + " at risk, " + preflight.at(Level.ok).size() + " ok";
    }
}
