package io.upgradelab.reports;

import io.upgradelab.journal.LatencyHistograms;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.HdrHistogram.Histogram;

/**
 * The probe's latency over the whole run and over each phase, merged from its seconds' histograms
 * in one pass over the probe lines: each histogram is decoded once, however many spans it falls in
 * (a second of a phase is also one of the run). Each span ends as it would merged on its own: at the
 * first second without a histogram (no percentiles) or the first that does not decode (refused, by
 * its line, when the span's percentiles are asked for); a second that no open span needs is not decoded.
 */
final class MergedLatency {

    private final Span run = new Span();
    private final List<Span> phases = new ArrayList<>();

    private MergedLatency() {
    }

    /** The merges of {@code probe}'s seconds for the run and for each phase, a phase holding the seconds it tests true. */
    static MergedLatency of(JournalFile journal, List<Line<ProbeLine>> probe,
                            List<? extends Predicate<Line<ProbeLine>>> phases) {
        MergedLatency latency = new MergedLatency();
        phases.forEach(p -> latency.phases.add(new Span()));
        for (Line<ProbeLine> line : probe) {
            List<Span> open = new ArrayList<>();
            if (latency.run.open()) {
                open.add(latency.run);
            }
            for (int i = 0; i < phases.size(); i++) {
                if (latency.phases.get(i).open() && phases.get(i).test(line)) {
                    open.add(latency.phases.get(i));
                }
            }
            if (!open.isEmpty()) {
                merge(journal, line, open);
            }
        }
        return latency;
    }

    /** The whole run's. */
    Span run() {
        return run;
    }

    /** The {@code index}th phase's, in the order the phases were given. */
    Span phase(int index) {
        return phases.get(index);
    }

    private static void merge(JournalFile journal, Line<ProbeLine> line, List<Span> into) {
        String encoded = line.body().second().latencyHistogram();
        if (encoded.isEmpty()) {
            into.forEach(span -> span.older = true);
            return;
        }
        Histogram second;
        try {
            second = LatencyHistograms.decode(encoded);
        } catch (IllegalArgumentException e) {
            RuntimeException refused = refusal(journal, line, e);
            into.forEach(span -> span.refused = refused);
            return;
        }
        for (Span span : into) {
            try {
                span.merged.add(second);
            } catch (RuntimeException e) {
                span.refused = refusal(journal, line, e);
            }
        }
    }

    /** A histogram that does not read, named by its line and second. */
    private static RuntimeException refusal(JournalFile journal, Line<ProbeLine> line, RuntimeException e) {
        ProbeSecond s = line.body().second();
        return e instanceof IllegalArgumentException
                ? journal.refused(line.number(), "probe second " + s.second() + ": " + e.getMessage(), e) : e;
    }

    /** One span's merge: the run's or a phase's. */
    static final class Span {
        private final Histogram merged = LatencyHistograms.empty();
        private boolean older;
        private RuntimeException refused;

        private Span() {
            merged.setAutoResize(true);
        }

        /** Still merging: it has met neither a second without a histogram nor one refused. */
        private boolean open() {
            return !older && refused == null;
        }

        /**
         * Exact percentiles of the span's merged seconds; null if a second carries no histogram (an
         * older probe). A histogram that does not decode is refused here, by its line.
         */
        Percentiles percentiles() {
            if (refused != null) {
                throw refused;
            }
            return older ? null : Percentiles.of(merged);
        }
    }
}
