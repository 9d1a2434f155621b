package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.ConfigFigures;
import io.upgradelab.reports.ConfigFigures.ListenerFigures;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Nacos kept the configs in each of the phases named (or every phase): in every config check, every
 * node served every config the lab published with its last content and MD5, and every listening client
 * had heard its last change. An upgrade that loses configs is a failure users meet (alibaba/nacos #9681),
 * so the figure names the phase, node or listener, time and configs. Each phase must have been checked:
 * one whose checks judged no config on a node (no configs section, or every check still settling) is
 * not judged ({@link Evidence#configChecks}), so a run that checked the holds but not the upgrade between
 * them never passes.
 */
@JsonTypeName("configIntact")
public record ConfigIntact(List<String> phases) implements PhaseCriterion {

    /** Findings the figure names; a loss seen in every phase after an upgrade would fill a screen. */
    private static final int FINDINGS_SHOWN = 6;

    @Override
    public String describe() {
        return "configs intact on every node and listener" + where();
    }

    @Override
    public Optional<String> thin(PhaseSummary phase) {
        return Evidence.configChecks(phase);
    }

    @Override
    public Verdict judge(RunSummary run, List<PhaseSummary> measured) {
        List<String> findings = measured.stream().flatMap(p -> p.configs().findings().stream()
                .map(f -> "phase " + p.index() + ": " + f)).toList();
        Measure measure = Measure.count(findings.size(), "findings", Bound.noneAllowed(), measured.stream()
                .mapToInt(p -> p.configs().checks()).sum(), "config checks");
        if (!findings.isEmpty()) {
            return Verdict.of(describe(), false, measure, String.join("; ", findings.subList(0, Math.min(FINDINGS_SHOWN,
                    findings.size()))) + (findings.size() > FINDINGS_SHOWN ? "; ... (" + findings.size()
                    + " findings in all; the report's Configs table lists them)" : ""));
        }
        return Verdict.of(describe(), true, measure, intact(measured));
    }

    /**
     * "42 checks in 6 phase(s): every node served all 50 configs as published; listeners 1x (1.4.1)
     * up to date after 12 change(s), 2x (2.0.4) never listening".
     */
    private static String intact(List<PhaseSummary> measured) {
        int checks = measured.stream().mapToInt(p -> p.configs().checks()).sum();
        ConfigFigures last = measured.get(measured.size() - 1).configs();
        Map<String, String> generations = new LinkedHashMap<>();   // by client version: two 2.x may listen
        Map<String, Long> heard = new LinkedHashMap<>();
        for (PhaseSummary p : measured) {
            for (ListenerFigures l : p.configs().listeners()) {
                generations.put(l.client(), l.generation());
                heard.merge(l.client(), l.checks() > 0 ? l.changes() : 0, Long::sum);
            }
        }
        String listeners = heard.keySet().stream().map(c -> judgedListener(measured, c)
                ? generations.get(c) + " (" + c + ") up to date after " + heard.get(c) + " change(s)"
                : generations.get(c) + " (" + c + ") never listening").collect(Collectors.joining(", "));
        return checks + " checks in " + measured.size() + " phase(s): every node served all "
                + last.published() + " configs as published" + (listeners.isEmpty() ? "" : "; listeners " + listeners);
    }

    private static boolean judgedListener(List<PhaseSummary> measured, String client) {
        return measured.stream().flatMap(p -> p.configs().listeners().stream())
                .anyMatch(l -> l.client().equals(client) && l.checks() > 0);
    }
}
