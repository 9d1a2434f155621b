package io.upgradelab.runner.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.NamingBenchmark;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class BenchmarkOperationTest {

    /** A policy's benchmark operations are checked (reports) against the journal's list: it must be this enum. */
    @Test
    void theJournalNamesExactlyTheOperationsTheBenchmarkRuns() {
        assertThat(NamingBenchmark.OPERATIONS).containsExactlyElementsOf(Arrays.stream(BenchmarkOperation.values())
                .map(o -> o.name().toLowerCase(Locale.ROOT)).toList());
    }
}
