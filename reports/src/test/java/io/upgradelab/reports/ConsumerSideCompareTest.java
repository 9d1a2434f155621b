package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} sets the consumer side's rows of two runs side by side, from real committed runs: the gateway
 * benchmark's wrk runs by phase, route and connections; the consumer stacks by phase, stack and event.
 */
class ConsumerSideCompareTest {

    @TempDir
    Path dir;

    @Test
    void theGatewayBenchmarksWrkRunsPairUpAndShowTheirQpsAfterOverBefore() throws Exception {
        RunSummary run = RunSummaries.of(JournalFile.read(RecordedRuns.committedRun(
                "gateway-benchmark/2.3-to-3.1-ci", dir).resolve("journal.jsonl")));

        RunComparison comparison = RunComparison.of(run, run);

        assertThat(comparison.gateway().pairs()).hasSize(run.gatewayBenchmarks().size()).isNotEmpty();
        assertThat(comparison.gateway().onlyInBefore()).isEmpty();
        assertThat(CompareMarkdown.render(comparison)).contains("### Gateway benchmark")
                .contains("| 60 | " + SummaryText.number(run.gatewayBenchmarks().get(0).wrk().qps()) + " | ")
                .contains(" | x1.00 | ");
    }

    @Test
    void theConsumerStacksPairUpByStackAndEventAndARowOfOneRunAloneIsListed() throws Exception {
        RunSummary run = RunSummaries.of(JournalFile.read(RecordedRuns.committedRun(
                "consumer-stacks/nacos-1x-to-2x-stacks-ci", dir).resolve("journal.jsonl")));
        List<ConsumerStackSummary> fewer = run.consumerStacks().subList(1, run.consumerStacks().size());
        Paired<ConsumerStackSummary> paired = Paired.of(run.consumerStacks(), fewer, (b, a) -> b.phase() == a.phase()
                && b.line().stack().equals(a.line().stack()) && b.line().event().equals(a.line().event()));

        assertThat(paired.pairs()).hasSize(fewer.size());
        assertThat(paired.onlyInBefore()).containsExactly(run.consumerStacks().get(0));
        assertThat(CompareMarkdown.render(RunComparison.of(run, run))).contains("### Consumer stacks")
                .contains("| 16 | instanceKill | Spring Cloud Gateway, load-balancer cache on | 236 of 577 | 236 of 577 |");
    }
}
