package io.upgradelab.reports.html;

import static j2html.TagCreator.a;
import static j2html.TagCreator.div;
import static j2html.TagCreator.each;
import static j2html.TagCreator.iff;
import static j2html.TagCreator.li;
import static j2html.TagCreator.p;
import static j2html.TagCreator.span;
import static j2html.TagCreator.strong;
import static j2html.TagCreator.text;
import static j2html.TagCreator.ul;

import io.upgradelab.reports.ReportOpening;
import io.upgradelab.reports.UpgradeChange;
import io.upgradelab.reports.gate.GateResult;
import j2html.tags.DomContent;
import java.util.Locale;

/**
 * The report page's opening ({@link ReportOpening}) as HTML: the run's facts, the verdict banner
 * (green PASS, red FAIL, amber INCONCLUSIVE, grey when not gated) with the criteria not met (each failed
 * or inconclusive one with its figure or reason), the run's failure, the worst phase and the before and
 * after, each phase named linking to its row in the table.
 */
final class OpeningHtml {

    private OpeningHtml() {
    }

    static DomContent of(ReportOpening opening) {
        GateResult gate = opening.gate();
        return div(
                p(each(opening.facts().items(), item -> span(item))).withId("facts"),
                div(strong(gate.word()), text(" " + gate.summary())).withId("verdict")
                        .withClass("verdict " + gate.status().name().toLowerCase(Locale.ROOT).replace('_', '-')),
                iff(!gate.notMet().isEmpty(), ul(each(gate.notMet(), v ->
                        li(strong(v.criterion()), text(": " + v.measured()))
                                .withClass(v.status().name().toLowerCase(Locale.ROOT)))).withId("failing")),
                iff(!gate.dryRuns().isEmpty(), ul(each(gate.dryRuns(), v ->
                        li(strong(v.word() + " " + v.criterion()), text(": " + v.measured()))
                                .withClass("dry-run"))).withId("dry-runs")),
                iff(opening.failure(), f -> p(strong(f)).withClass("warning").withId("failure")),
                iff(opening.worst(), w -> p(text("Worst phase: "), phase(w.phase().index()), text(", " + w.title()
                        + ": " + w.figures() + ".")).withId("worst")),
                iff(!opening.changes().isEmpty(), div(p("Before and after the upgrade, in this run:"),
                        ul(each(opening.changes(), OpeningHtml::change))).withId("changes")))
                .withId("opening");
    }

    private static DomContent change(UpgradeChange change) {
        return li(text("phase "), phase(change.before()),
                iff(change.before() != change.after(), text(" -> ")),
                iff(change.before() != change.after(), phase(change.after())),
                text(", " + change.what() + ": " + change.figures()));
    }

    /** A phase's number linking to its row. */
    private static DomContent phase(int index) {
        return a(Integer.toString(index)).withHref("#" + HtmlReport.PHASE_ROW + index);
    }
}
