package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.SignalSample;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one of the team's own signals showed in one phase: how many samples, how many read, the figures' lowest,
 * mean and highest (a Prometheus figure) or how many answers were healthy (an endpoint), and the last reason a
 * sample could not be read. What the report's Signals table shows and the {@code prometheus} and {@code http}
 * criteria judge.
 *
 * @param phase     the phase
 * @param signal    the signal's name
 * @param kind      {@code prometheus} or {@code http}
 * @param samples   the samples taken
 * @param measured  of them, those that read a figure or an answer
 * @param min       the lowest figure read; null when none was
 * @param mean      the figures' mean; null when none was
 * @param max       the highest figure read; null when none was
 * @param healthy   for {@code http}, the healthy answers; 0 for a figure
 * @param lastError the last reason a sample was not read, or not healthy; "" when every one was
 */
public record SignalSummary(int phase, String signal, String kind, int samples, int measured,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double min,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double mean,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double max, int healthy, String lastError) {

    /** One row per phase and signal, in the order first sampled. */
    public static List<SignalSummary> of(List<Line<SignalSample>> lines) {
        Map<String, List<Line<SignalSample>>> byPhaseAndSignal = new LinkedHashMap<>();
        for (Line<SignalSample> line : lines) {
            byPhaseAndSignal.computeIfAbsent(line.phase() + "|" + line.body().signal(), k -> new ArrayList<>()).add(line);
        }
        List<SignalSummary> rows = new ArrayList<>();
        byPhaseAndSignal.values().forEach(samples -> rows.add(ofOnePhase(samples)));
        return List.copyOf(rows);
    }

    private static SignalSummary ofOnePhase(List<Line<SignalSample>> samples) {
        SignalSample first = samples.get(0).body();
        DoubleSummaryStatistics values = samples.stream().map(Line::body).filter(SignalSample::measured)
                .mapToDouble(SignalSample::value).summaryStatistics();
        boolean any = values.getCount() > 0;
        int healthy = (int) samples.stream().filter(s -> Boolean.TRUE.equals(s.body().healthy())).count();
        String lastError = samples.stream().map(s -> s.body().error()).filter(e -> !e.isEmpty())
                .reduce((a, b) -> b).orElse("");
        return new SignalSummary(samples.get(0).phase(), first.signal(), first.kind(), samples.size(),
                (int) values.getCount(), any ? values.getMin() : null, any ? values.getAverage() : null,
                any ? values.getMax() : null, healthy, lastError);
    }

    /** Whether it is an endpoint's health rather than a figure. */
    public boolean http() {
        return SignalSample.HTTP.equals(kind);
    }
}
