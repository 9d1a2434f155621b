package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryMarkdownTest {

    @Test
    void textFromTheJournalCannotBreakTheTableOrInjectMarkup() {
        PhaseSummary phase = new PhaseSummary(1, "hold", "hold | <script>alert(1)</script> *now*", "done", 10, 10,
                "1.4.1 x3", "1x", 120, true, List.of(), CallCounts.NONE, null,
                LoadValidity.judge(20.0, 5.0, 2.0, 50.0, 1.0), "", List.of(), null);
        RunSummary run = new RunSummary("a|b", "", 1, "", "completed", true, 70, 0, List.of(phase),
                CallCounts.NONE, null, new RunSummary.EndOfRun(0, List.of()));

        String md = SummaryMarkdown.render(run);

        assertThat(md).startsWith("## a\\|b: completed in 1m10s (scale 1)");
        assertThat(md).contains("hold \\| \\<script\\>alert(1)\\</script\\> \\*now\\*");
        assertThat(SummaryMarkdown.escape("@team &lt; ~~x~~")).isEqualTo("\\@team \\&lt; \\~\\~x\\~\\~");
        assertThat(md).doesNotContain("<script>");
        String row = md.lines().filter(l -> l.startsWith("| 1 |")).findFirst().orElseThrow();
        assertThat(row.split("(?<!\\\\)\\|", -1)).hasSize(20);   // 18 cells between the pipes
    }
}
