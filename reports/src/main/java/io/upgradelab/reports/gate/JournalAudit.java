package io.upgradelab.reports.gate;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.journal.RunStarted.PlannedPhase;
import io.upgradelab.reports.JournalFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A journal checked the way an auditor would before any criterion reads it: does it hold together as
 * one run the lab wrote? The gate ({@link Gate#judge}, so also {@code report --policy} and {@code run
 * --gate}) runs it first, and each finding names the journal's line and field
 * ("journal.jsonl:31: phaseEnded.seconds: -4.341 is negative ...").
 *
 * <p>The rules:
 * <ul>
 *   <li><b>the plan</b> (runStarted's phases): every phase started is planned, of the planned kind, once
 *       and in order; no planned phase is skipped before a phase that ran, nor at all in a run whose
 *       runEnded says it completed; every phase started ends (phaseEnded, of the same index and kind,
 *       after its start) before a later one starts or the run completes; a run that completed has every
 *       phase done;</li>
 *   <li><b>the end</b>: runEnded's outcome is one a run ends with, and its exit code the one that
 *       outcome gives (completed 0, failed and aborted 1, interrupted 130);</li>
 *   <li><b>figures</b>: every number on every line is finite and 0 or more (a line's {@code phase} and
 *       a benchmark's {@code grpcConnections} -1 or more: tear-down, not asked), and no text stands
 *       where a reader takes it for a non-finite or negative number ("NaN", "Infinity", "-5": Jackson
 *       coerces those into a {@code double}); runStarted's copies of the experiment's sections are
 *       settings, not figures, and are left to the runner's validation;</li>
 *   <li><b>consistency</b>: a phase's own {@code seconds} agree with the time between its phaseStarted
 *       and phaseEnded lines within {@value #SPAN_TOLERANCE_SECONDS} s or {@value #SPAN_TOLERANCE_PERCENT}%
 *       (the committed runs differ by 5 s at most, over 1158 s on a saturated machine); a benchmark's TPS
 *       is its succeeded operations over its seconds within {@value #TPS_TOLERANCE} TPS or
 *       {@value #TPS_TOLERANCE_PERCENT}% (the journal rounds it to 0.1), and it did not succeed more
 *       often than it attempted.</li>
 * </ul>
 *
 * <p><b>Inconclusive, not refused.</b> A file that is not a journal at all, or cannot be one run's (a
 * line that is not JSON, no runStarted first, a second runEnded, time going back, a newer format, a
 * line that does not read as its record) is refused before this, by {@link JournalFile}: exit 2,
 * nothing to judge. What this audit finds is a journal that reads but does not add up: edited, forged,
 * or written by a broken lab. Its figures are then not evidence, so it never passes; but refusing it
 * would hide the report a person needs to see what is wrong, and a figure that does not add up does
 * not show Nacos failing either. So the gate adds one INCONCLUSIVE verdict naming every finding (exit
 * 3), beside the criteria: a criterion that failed still fails the gate (a failed gate passes nothing,
 * and the failing figure may well be true), one that passed no longer makes the gate pass.
 */
public final class JournalAudit {

    /**
     * A phase's seconds may differ from its lines' span by this much (the phaseEnded line follows the
     * phase's last observation round, which took up to 10 s on a saturated machine)...
     */
    static final double SPAN_TOLERANCE_SECONDS = 30;
    /** ...or by this share of the span (%), whichever is larger. */
    static final double SPAN_TOLERANCE_PERCENT = 10;
    /** A benchmark's TPS may differ from succeeded / seconds by this much (the journal rounds it to 0.1)... */
    static final double TPS_TOLERANCE = 0.1;
    /** ...or by this share (%), whichever is larger. */
    static final double TPS_TOLERANCE_PERCENT = 1;
    /** Findings the verdict names one by one; the rest are counted. */
    static final int SHOWN = 8;
    /** What the audit's verdict is called, in the gate's list and the JUnit XML. */
    public static final String CRITERION = "the journal holds together (audited before judging)";

    /** The exit code of each outcome a run ends with (the runner's RunOutcome). */
    private static final Map<String, Integer> EXIT_CODES = Map.of("completed", 0, "failed", 1, "aborted", 1,
            "interrupted", 130);
    /** Fields that may be -1: a line's phase (tear-down), a benchmark's gRPC connections (not asked). */
    private static final Set<String> MINUS_ONE = Set.of("phase", "grpcConnections");
    /** The texts Jackson reads into a double as NaN or an infinity. */
    private static final Set<String> NON_FINITE_WORDS = Set.of("NaN", "Infinity", "+Infinity", "-Infinity", "INF",
            "+INF", "-INF");
    private static final Pattern NEGATIVE_NUMBER = Pattern.compile("-\\d+(\\.\\d*)?([eE][+-]?\\d+)?");
    /** runStarted's copies of the experiment's sections: settings the runner validated, not figures. */
    private static final Set<String> SETTINGS = Set.of("target", "fleet", "probe", "notes", "abortWhen");

    private JournalAudit() {
    }

    /**
     * One thing that does not add up.
     *
     * @param line  the journal line, from 1
     * @param field the line's type and field, e.g. {@code phaseEnded.seconds}
     * @param what  what is wrong with it
     */
    public record Finding(int line, String field, String what) {

        /** "journal.jsonl:31: phaseEnded.seconds: -4.341 is negative ...". */
        public String describe(String file) {
            return file + ":" + line + ": " + field + ": " + what;
        }
    }

    /** Every finding in {@code journal}, in line order; none for a journal that holds together. */
    public static List<Finding> of(JournalFile journal) {
        List<Finding> findings = new ArrayList<>();
        figures(journal, findings);
        plan(journal, findings);
        end(journal, findings);
        benchmarks(journal, findings);
        findings.sort(Comparator.comparingInt(Finding::line));
        return List.copyOf(findings);
    }

    /**
     * The audit's verdict on {@code journal}: INCONCLUSIVE, naming each finding (the first {@value #SHOWN},
     * then how many in all); empty when it holds together. {@code whose} is "" for the run judged, or
     * "the baseline: " for the run it is compared with.
     */
    public static Optional<Verdict> verdict(JournalFile journal, String whose) {
        List<Finding> findings = of(journal);
        if (findings.isEmpty()) {
            return Optional.empty();
        }
        String file = String.valueOf(journal.file().getFileName());
        List<String> named = findings.stream().limit(SHOWN).map(f -> f.describe(file)).toList();
        return Optional.of(Verdict.inconclusive(whose + CRITERION, String.join("; ", named)
                + (findings.size() > SHOWN ? "; ... (" + findings.size() + " findings in all)" : "")
                + " (the journal was edited or its writer is broken: its figures are not evidence)"));
    }

    /** Every number finite and 0 or more (-1 where the format allows it); no text that reads as a number that is not. */
    private static void figures(JournalFile journal, List<Finding> findings) {
        for (int i = 0; i < journal.lines().size(); i++) {
            JsonNode line = journal.lines().get(i);
            String type = line.path("type").asText();
            int number = journal.lineNumbers().get(i);
            Iterator<Map.Entry<String, JsonNode>> fields = line.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                if ("runStarted".equals(type) && SETTINGS.contains(field.getKey())) {
                    continue;
                }
                figure(field.getValue(), field.getKey(), type + "." + field.getKey(), number, findings);
            }
        }
    }

    private static void figure(JsonNode value, String name, String path, int line, List<Finding> findings) {
        if (value.isObject()) {
            value.fields().forEachRemaining(f -> figure(f.getValue(), f.getKey(), path + "." + f.getKey(), line,
                    findings));
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                figure(value.get(i), name, path + "[" + i + "]", line, findings);
            }
        } else if (value.isNumber()) {
            double v = value.asDouble();
            if (!Double.isFinite(v)) {
                findings.add(new Finding(line, path, "not a finite number"));
            } else if (v < minimum(name)) {
                findings.add(new Finding(line, path, value + " is negative: the journal holds it as "
                        + (minimum(name) < 0 ? "-1 or more" : "0 or more")));
            }
        } else if (value.isTextual()) {
            String text = value.asText().trim();
            if (NON_FINITE_WORDS.contains(text)) {
                findings.add(new Finding(line, path, "'" + text + "' reads as a number that is not finite"));
            } else if (NEGATIVE_NUMBER.matcher(text).matches() && Double.parseDouble(text) < minimum(name)) {
                findings.add(new Finding(line, path, "'" + text + "' reads as a negative number"));
            }
        }
    }

    private static double minimum(String field) {
        return MINUS_ONE.contains(field) ? -1 : 0;
    }

    /** The phases against the plan, and against each other. */
    private static void plan(JournalFile journal, List<Finding> findings) {
        List<PlannedPhase> planned = journal.lines(RunStarted.class).get(0).body().phases();
        Map<Integer, PlannedPhase> plan = new TreeMap<>();
        planned.forEach(p -> plan.put(p.index(), p));
        Optional<Line<RunEnded>> end = journal.lines(RunEnded.class).stream().findFirst();
        boolean completed = end.isPresent() && "completed".equals(end.get().body().outcome());

        Map<Integer, Line<PhaseStarted>> started = new LinkedHashMap<>();
        int last = 0;
        for (Line<PhaseStarted> start : journal.lines(PhaseStarted.class)) {
            int index = start.body().index();
            Line<PhaseStarted> before = started.get(index);
            if (before != null) {
                findings.add(new Finding(start.number(), "phaseStarted.index", "phase " + index
                        + " starts a second time (first on line " + before.number() + ")"));
                continue;
            }
            if (index <= last) {
                findings.add(new Finding(start.number(), "phaseStarted.index", "phase " + index + " starts after phase "
                        + last + ": phases run in the plan's order"));
            }
            if (!plan.isEmpty()) {
                PlannedPhase p = plan.get(index);
                if (p == null) {
                    findings.add(new Finding(start.number(), "phaseStarted.index", "phase " + index + " is not in the"
                            + " plan (runStarted, line " + journal.lineNumbers().get(0) + ", plans "
                            + PhaseSelection.numbers(List.copyOf(plan.keySet())) + ")"));
                } else if (!p.kind().equals(start.body().kind())) {
                    findings.add(new Finding(start.number(), "phaseStarted.kind", "'" + start.body().kind()
                            + "', but the plan's phase " + index + " is '" + p.kind() + "'"));
                }
                int after = last;
                List<Integer> skipped = plan.keySet().stream()
                        .filter(i -> i > after && i < index && !started.containsKey(i)).toList();
                if (!skipped.isEmpty()) {
                    findings.add(new Finding(start.number(), "phaseStarted.index", "phase " + index + " starts, but"
                            + " planned " + PhaseSelection.numbers(skipped) + " never started: a planned phase is missing"));
                }
            }
            started.put(index, start);
            last = Math.max(last, index);
        }

        Map<Integer, Line<PhaseEnded>> ended = new HashMap<>();
        for (Line<PhaseEnded> phaseEnd : journal.lines(PhaseEnded.class)) {
            PhaseEnded body = phaseEnd.body();
            Line<PhaseEnded> before = ended.get(body.index());
            if (before != null) {
                findings.add(new Finding(phaseEnd.number(), "phaseEnded.index", "phase " + body.index()
                        + " ends a second time (first on line " + before.number() + ")"));
                continue;
            }
            ended.put(body.index(), phaseEnd);
            Line<PhaseStarted> start = started.get(body.index());
            if (start == null || start.number() > phaseEnd.number()) {
                findings.add(new Finding(phaseEnd.number(), "phaseEnded.index", "phase " + body.index()
                        + " ends without a phaseStarted line before it"));
                continue;
            }
            if (!start.body().kind().equals(body.kind())) {
                findings.add(new Finding(phaseEnd.number(), "phaseEnded.kind", "'" + body.kind() + "', but phase "
                        + body.index() + " started (line " + start.number() + ") as '" + start.body().kind() + "'"));
            }
            double span = phaseEnd.elapsed() - start.elapsed();
            double seconds = body.seconds();
            if (Double.isFinite(seconds) && seconds >= 0 && Double.isFinite(span) && Math.abs(seconds - span)
                    > Math.max(SPAN_TOLERANCE_SECONDS, span * SPAN_TOLERANCE_PERCENT / 100)) {
                findings.add(new Finding(phaseEnd.number(), "phaseEnded.seconds", String.format(Locale.ROOT,
                        "%s s, but its phaseStarted (line %d) and phaseEnded lines are %.3f s apart", number(seconds),
                        start.number(), span)));
            }
            if (completed && !"done".equals(body.outcome())) {
                findings.add(new Finding(end.get().number(), "runEnded.outcome", "completed, but phase " + body.index()
                        + " ended " + body.outcome() + " (line " + phaseEnd.number() + ")"));
            }
        }

        for (Line<PhaseStarted> start : started.values()) {
            int index = start.body().index();
            if (ended.containsKey(index)) {
                continue;
            }
            boolean later = started.keySet().stream().anyMatch(i -> i > index);
            if (later || completed) {
                findings.add(new Finding(start.number(), "phaseStarted.index", "phase " + index + " never ends (no"
                        + " phaseEnded line), though " + (later ? "a later phase starts" : "the run completed")));
            }
        }
        if (completed && !plan.isEmpty()) {
            int reached = last;
            List<Integer> never = plan.keySet().stream().filter(i -> i > reached).toList();
            if (!never.isEmpty()) {
                findings.add(new Finding(end.get().number(), "runEnded.outcome", "completed, but planned "
                        + PhaseSelection.numbers(never) + " never started: a planned phase is missing"));
            }
        }
    }

    /** runEnded's outcome is a run's, and its exit code that outcome's. */
    private static void end(JournalFile journal, List<Finding> findings) {
        for (int i = 0; i < journal.lines().size(); i++) {
            JsonNode line = journal.lines().get(i);
            if (!"runEnded".equals(line.path("type").asText())) {
                continue;
            }
            int number = journal.lineNumbers().get(i);
            String outcome = line.path("outcome").asText();
            Integer expected = EXIT_CODES.get(outcome);
            if (expected == null) {
                findings.add(new Finding(number, "runEnded.outcome", "'" + outcome + "' is no outcome a run ends with"
                        + " (completed, failed, aborted, interrupted)"));
            } else if (line.has("exitCode") && line.path("exitCode").asDouble() != expected) {
                findings.add(new Finding(number, "runEnded.exitCode", line.path("exitCode") + ", but a run that ended "
                        + outcome + " exits " + expected));
            }
        }
    }

    /** Each benchmark operation's TPS is its succeeded operations over its seconds. */
    private static void benchmarks(JournalFile journal, List<Finding> findings) {
        for (Line<NamingBenchmark> line : journal.lines(NamingBenchmark.class)) {
            NamingBenchmark b = line.body();
            if (b.succeeded() > b.attempted()) {
                findings.add(new Finding(line.number(), "benchmark.succeeded", b.succeeded() + ", but "
                        + b.attempted() + " attempted"));
            }
            if (!Double.isFinite(b.tps()) || !Double.isFinite(b.seconds()) || b.seconds() < 0) {
                continue;   // a finding of its figures already
            }
            double expected = b.seconds() == 0 ? 0 : b.succeeded() / b.seconds();
            if (Math.abs(b.tps() - expected) > Math.max(TPS_TOLERANCE, expected * TPS_TOLERANCE_PERCENT / 100)) {
                findings.add(new Finding(line.number(), "benchmark.tps", String.format(Locale.ROOT,
                        "%s, but %d succeeded in %s s is %.1f per second", number(b.tps()), b.succeeded(),
                        number(b.seconds()), expected)));
            }
        }
    }

    /** 12 rather than 12.0; 4.341 as it is. */
    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value) : String.valueOf(value);
    }
}
