package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.BenchmarkSummary;
import io.upgradelab.reports.RunSummary;
import java.util.List;
import java.util.Locale;

/**
 * Each naming benchmark operation measured again after an earlier benchmark of the run (the same
 * operation, API, concurrency and instances: before the upgrade) reaches at least {@code atLeastRatio}
 * times the earlier TPS; {@code operations} names which (default all). So a pipeline gates on "2.x
 * registers no slower than 1.x" (1.0), or on the 2.0 report's "register at least 2x" (2.0). A run with
 * no such pair measured nothing to compare: never a pass, the verdict is inconclusive. A ratio that is not a
 * number is the lowest: it fails, never drops out of the minimum. The operations a policy names must be
 * operations the lab measures ({@link io.upgradelab.journal.NamingBenchmark#OPERATIONS}): a misspelt one would
 * match none and leave the others judged alone; {@link PolicyFile} refuses it.
 */
@JsonTypeName("benchmarkTps")
public record BenchmarkTps(@JsonProperty(required = true) double atLeastRatio, List<String> operations)
        implements Criterion {

    public BenchmarkTps {
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    @Override
    public String describe() {
        return "benchmark TPS at least " + atLeastRatio + " x the earlier benchmark's"
                + (operations.isEmpty() ? "" : " (" + String.join(", ", operations) + ")");
    }

    @Override
    public Verdict judge(Subject subject) {
        RunSummary run = subject.run();
        List<BenchmarkSummary> compared = run.benchmarks().stream()
                .filter(b -> operations.isEmpty() || operations.contains(b.operation()))
                .filter(b -> b.againstEarlier() != null).toList();
        if (compared.isEmpty()) {
            return Verdict.inconclusive(describe(), "no benchmark operation was measured before and after in this run");
        }
        BenchmarkSummary worst = null;
        for (BenchmarkSummary b : compared) {
            if (b.againstEarlier().tpsRatio() == null) {
                return Verdict.inconclusive(describe(), b.operation() + " in phase " + b.phase() + ": the earlier one (phase "
                        + b.againstEarlier().phase() + ") had no TPS to compare with");
            }
            if (worst == null || Figures.worseThan(-b.againstEarlier().tpsRatio(), -worst.againstEarlier().tpsRatio())) {
                worst = b;
            }
        }
        double ratio = worst.againstEarlier().tpsRatio();
        Measure lowest = Measure.withoutInterval(ratio, "x", Bound.atLeast(atLeastRatio, "at least x" + atLeastRatio), compared.size(),
                "operations compared", "one TPS figure a side");
        return Verdict.of(describe(), ratio >= atLeastRatio, lowest, String.format(Locale.ROOT,
                "lowest: %s in phase %d, %.1f TPS against %.1f in phase %d", worst.operation(), worst.phase(),
                worst.tps(), worst.tps() / ratio, worst.againstEarlier().phase()));
    }
}
