package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RecordedRuns;
import io.upgradelab.reports.html.TimelineCharts.BandArea;
import io.upgradelab.reports.html.TimelineCharts.Chart;
import io.upgradelab.reports.html.TimelineCharts.Label;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The charts of a real journal (the CI-size run, whose E3 and E4 came a second apart and used to print
 * over each other): every phase and event is labelled, no label overlaps another, and each band's place
 * follows the phases' times.
 */
class TimelineChartsTest {

    private final RunTimeline timeline = RunTimeline.of(JournalFile.read(RecordedRuns.ciSizeJournal()));

    @Test
    void everyEventAndPhaseIsLabelledAndNoLabelOverlapsAnother() {
        for (Chart chart : List.of(TimelineCharts.instances(timeline), TimelineCharts.cpu(timeline),
                TimelineCharts.outcomes(timeline), TimelineCharts.latency(timeline))) {
            List<Label> labels = chart.labels();
            assertThat(labels.stream().filter(Label::event).map(Label::text))
                    .containsExactlyInAnyOrderElementsOf(timeline.events().stream().map(e -> "E" + e.number()).toList());
            assertThat(labels.stream().filter(l -> !l.event()).map(Label::text))
                    .containsExactlyInAnyOrderElementsOf(timeline.phases().stream().map(p -> p.index() + "").toList());
            for (int i = 0; i < labels.size(); i++) {
                for (int j = i + 1; j < labels.size(); j++) {
                    assertThat(labels.get(i).overlaps(labels.get(j))).as("%s over %s", labels.get(i), labels.get(j))
                            .isFalse();
                }
            }
            assertThat(chart.svg()).contains(">E3<", ">E4<");
        }
    }

    @Test
    void theLabelsThatCollidedAreStackedNotShifted() {
        List<Label> labels = TimelineCharts.instances(timeline).labels();
        Label e3 = labels.stream().filter(l -> l.text().equals("E3")).findFirst().orElseThrow();
        Label e4 = labels.stream().filter(l -> l.text().equals("E4")).findFirst().orElseThrow();

        assertThat(e4.x()).as("each stays at its own line").isLessThan(e3.x() + e3.width());
        assertThat(e4.y()).as("the later one a lane up").isNotEqualTo(e3.y());
    }

    @Test
    void eachBandLiesWhereItsPhaseRanInOrderWithoutOverlap() {
        List<BandArea> bands = TimelineCharts.cpu(timeline).bands();

        assertThat(bands).extracting(BandArea::phase).containsExactlyElementsOf(
                timeline.phases().stream().map(RunTimeline.PhaseBand::index).toList());
        assertThat(bands).allSatisfy(b -> {
            assertThat(b.left()).isBetween(0.0, 1.0);
            assertThat(b.left() + b.width()).isBetween(0.0, 1.0);
            assertThat(b.width()).isPositive();
            assertThat(b.top()).isBetween(0.0, 0.5);
            assertThat(b.height()).isBetween(0.3, 1.0);
        });
        IntStream.range(1, bands.size()).forEach(i -> assertThat(bands.get(i).left())
                .isGreaterThanOrEqualTo(bands.get(i - 1).left() + bands.get(i - 1).width() - 1e-9));
        // phase 9 (the rolling server upgrade, 267 of the run's 520 s) is the widest band by far
        BandArea upgrade = bands.get(8);
        assertThat(bands).allSatisfy(b -> assertThat(b.width()).isLessThanOrEqualTo(upgrade.width()));
        assertThat(upgrade.width()).isGreaterThan(0.4);
    }
}
