package io.upgradelab.reports;

import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * When, where and on what a run was made, for the first lines of its report: a report read months
 * later, or from another machine's CI, says which run it is before any figure. Read from the journal:
 * the date from its first line, the host and the lab's version where that line has them (journals
 * before them say "not recorded"), the versions from the phases' samples.
 *
 * @param date        "2026-11-22 04:36:56 UTC"
 * @param host        the machine the runner ran on
 * @param toolVersion the lab's version that ran it
 * @param servers     the nodes' versions from the first phase to the last: "1.4.1 x3 -> 2.0.4 x3"
 * @param clients     the fleet's client versions likewise: "1x -> 2x"
 * @param probe       the probe's client version
 */
public record RunFacts(String date, String host, String toolVersion, String servers, String clients, String probe) {

    /** What a journal that predates a fact says of it. */
    public static final String NOT_RECORDED = "not recorded";
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    /** The facts of {@code run}, whose journal began with {@code started} (null: not at hand, so not recorded). */
    public static RunFacts of(RunSummary run, RunStarted started) {
        return new RunFacts(date(run.started()), orNotRecorded(started == null ? null : started.host()),
                orNotRecorded(started == null ? null : started.toolVersion()),
                span(run.phases(), PhaseSummary::serverVersions), span(run.phases(), PhaseSummary::clients),
                probeClient(started == null ? null : started.probe()));
    }

    /** "run 2026-11-22 04:36:56 UTC", "host ci-7", ...: the facts as the report's first line lists them. */
    public List<String> items() {
        return List.of("run " + date, "host " + host, "upgrade-lab " + toolVersion, "servers " + servers,
                "clients " + clients, "probe client " + probe);
    }

    private static String date(String started) {
        try {
            return DATE.format(Instant.parse(started));
        } catch (DateTimeParseException e) {
            return started.isEmpty() ? NOT_RECORDED : started;
        }
    }

    private static String orNotRecorded(String value) {
        return value == null || value.isBlank() ? NOT_RECORDED : value;
    }

    /**
     * The first value the phases show to the last: "1.4.1 x3 -> 2.0.4 x3", or one value when it stayed;
     * "none" (no client had providers yet, as before the first ramp) is not a version.
     */
    private static String span(List<PhaseSummary> phases, Function<PhaseSummary, String> change) {
        List<String> known = phases.stream().map(change).flatMap(v -> Stream.of(from(v), to(v)))
                .filter(v -> !v.isEmpty() && !"none".equals(v)).toList();
        if (known.isEmpty()) {
            return "not measured";
        }
        String first = known.get(0);
        String last = known.get(known.size() - 1);
        return first.equals(last) ? first : first + " -> " + last;
    }

    /** "a" of a phase's "a -> b", or the phase's one value. */
    static String from(String change) {
        int arrow = change.indexOf(" -> ");
        return arrow < 0 ? change : change.substring(0, arrow);
    }

    /** "b" of a phase's "a -> b", or the phase's one value. */
    static String to(String change) {
        int arrow = change.lastIndexOf(" -> ");
        return arrow < 0 ? change : change.substring(arrow + 4);
    }

    /** runStarted's probe section: "client" since runs name versions, "generation" before. */
    private static String probeClient(Object probe) {
        if (probe instanceof Map<?, ?> section) {
            Object client = section.get("client") != null ? section.get("client") : section.get("generation");
            return client == null ? NOT_RECORDED : client.toString();
        }
        return NOT_RECORDED;
    }
}
