package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.Percentiles;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.reports.html.CompareHtml;
import io.upgradelab.reports.html.RunTimeline;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What compare reads off a phase and how it marks a change: a phase that ended no probe call measured nothing (not
 * "100 % OK, p99 0.0 ms"), and a change beyond a figure's minimum effect is marked worse or better, in the Markdown,
 * the page and the same words as JSON's.
 */
class PhaseFigureTest {

    @Test
    void aPhaseWithoutAProbeCallMeasuredNothingRatherThanAHundredPercent() {
        PhaseSummary empty = withProbe(phase(), CallCounts.NONE, Percentiles.NONE);

        assertThat(PhaseFigure.PROBE_SUCCESS_PERCENT.of(empty)).isNaN();
        assertThat(PhaseFigure.LATENCY_P99_MS.of(empty)).isNaN();
        assertThat(PhaseFigure.NO_PROVIDER_ERRORS.of(empty)).isNaN();
        assertThat(PhaseFigure.PROBE_SUCCESS_PERCENT.format(Double.NaN)).isEqualTo("nothing measured");
        assertThat(PhaseFigure.LATENCY_P99_MS.judge(Double.NaN, 12)).isEqualTo(PhaseFigure.Judgement.NOT_MEASURED);
    }

    @Test
    void aCellIsBeforeArrowAfterWithTheChangeAndTheRatio() {
        assertThat(PhaseFigure.NO_PROVIDER_ERRORS.transition(4, 4)).isEqualTo("4 → 4");
        assertThat(PhaseFigure.NO_PROVIDER_ERRORS.transition(0, 3)).isEqualTo("0 → 3 (+3)");
        assertThat(PhaseFigure.CPU_MEAN_PERCENT.transition(30.2, 15.1)).isEqualTo("30.2 → 15.1 (-15.1, x0.50)");
        assertThat(PhaseFigure.PROBE_SUCCESS_PERCENT.transition(100, Double.NaN)).isEqualTo("100.0 → nothing measured");
    }

    @Test
    void aChangeIsMarkedOnlyBeyondItsMinimumEffectInTheDirectionTheFigureWorsens() {
        assertThat(PhaseFigure.LATENCY_P99_MS.judge(20, 24)).as("under a quarter").isEqualTo(PhaseFigure.Judgement.SAME);
        assertThat(PhaseFigure.LATENCY_P99_MS.judge(20, 26)).isEqualTo(PhaseFigure.Judgement.WORSE);
        assertThat(PhaseFigure.LATENCY_P99_MS.judge(0.5, 1.2)).as("under 1 ms").isEqualTo(PhaseFigure.Judgement.SAME);
        assertThat(PhaseFigure.PROBE_SUCCESS_PERCENT.judge(99.9, 97.0)).isEqualTo(PhaseFigure.Judgement.WORSE);
        assertThat(PhaseFigure.PROBE_SUCCESS_PERCENT.judge(97.0, 99.9)).isEqualTo(PhaseFigure.Judgement.BETTER);
        assertThat(PhaseFigure.NO_PROVIDER_ERRORS.judge(0, 1)).as("a count: any").isEqualTo(PhaseFigure.Judgement.WORSE);
        assertThat(PhaseFigure.CPU_MEAN_PERCENT.judge(40, 30)).isEqualTo(PhaseFigure.Judgement.BETTER);
        assertThat(PhaseFigure.CPU_MEAN_PERCENT.judge(40, 44)).isEqualTo(PhaseFigure.Judgement.SAME);
        assertThat(PhaseFigure.SECONDS.judge(60, 600)).as("not judged").isEqualTo(PhaseFigure.Judgement.SAME);
    }

    @Test
    void compareShowsAnEmptyPhaseAsNothingMeasuredAndMarksARegression() {
        RunSummary before = RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeJournal()));
        List<PhaseSummary> phases = new ArrayList<>(before.phases());
        PhaseSummary first = phases.get(0);
        phases.set(0, withProbe(first, CallCounts.NONE, Percentiles.NONE));
        PhaseSummary second = phases.get(1);
        CallCounts worse = new CallCounts(second.probe().scheduled(), second.probe().success() / 2, second.probe().success()
                - second.probe().success() / 2 + second.probe().noProvider(), second.probe().timeout(),
                second.probe().network(), second.probe().other(), second.probe().inFlight(), second.probe().otherClasses());
        phases.set(1, withProbe(second, worse, second.latency()));
        RunSummary after = new RunSummary(before.experiment(), before.description(), before.scale(), before.started(),
                before.outcome(), before.complete(), before.seconds(), before.tornLines(), phases, before.probe(),
                before.latency(), before.end(), before.signsWatched(), before.benchmarks());

        RunComparison comparison = RunComparison.of(before, after);
        String markdown = CompareMarkdown.render(comparison);
        List<String> rows = markdown.lines().filter(l -> l.matches("\\| \\d+ \\|.*")).toList();

        assertThat(rows.get(0)).contains("→ nothing measured |").doesNotContain("100.0 → 100.0");
        assertThat(rows.get(1)).contains("**worse**");
        String page = CompareHtml.render(comparison, RunTimeline.of(JournalFile.read(RecordedRuns.ciSizeJournal())),
                RunTimeline.of(JournalFile.read(RecordedRuns.ciSizeJournal())));
        assertThat(page).contains("<td class=\"change worse\">").contains("td.worse {").contains("nothing measured");
    }

    private static PhaseSummary phase() {
        return RunSummaries.of(JournalFile.read(RecordedRuns.ciSizeJournal())).phases().get(0);
    }

    private static PhaseSummary withProbe(PhaseSummary p, CallCounts probe, Percentiles latency) {
        return new PhaseSummary(p.index(), p.kind(), p.title(), p.outcome(), p.seconds(), p.expectedSeconds(),
                p.serverVersions(), p.clients(), p.providers(), p.stable(), p.nodes(), probe, latency, p.load(), p.message(),
                p.warnings(), p.failureSigns(), p.missing(), p.counts(), p.configs(), p.probeSeconds(), p.cause(),
                p.overSamples(), p.footprint());
    }
}
