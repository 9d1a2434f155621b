package io.upgradelab.reports;

import java.util.List;

/**
 * Two runs' naming benchmarks side by side, for {@code compare}: a run on the old version against
 * one on the new, each operation's TPS and p99 before and after. Rows pair up by phase number and
 * operation (two runs of one experiment file benchmark the same operations in the same phases; a
 * phase that measures an operation twice pairs them in order); a row without a counterpart is listed,
 * not guessed at, as phases are.
 *
 * @param pairs        rows in both runs, in the before run's order
 * @param onlyInBefore rows of the before run without a counterpart
 * @param onlyInAfter  rows of the after run without a counterpart
 */
public record BenchmarkComparison(List<Pair> pairs, List<BenchmarkSummary> onlyInBefore,
                                  List<BenchmarkSummary> onlyInAfter) {

    /** One operation in both runs. */
    public record Pair(BenchmarkSummary before, BenchmarkSummary after) {

        /** After TPS over before TPS; null when the before run had none. */
        public Double tpsRatio() {
            return after.tpsRatio(before);
        }

        /** After p99 over before p99; null when either has no response time. */
        public Double p99Ratio() {
            return after.p99Ratio(before);
        }
    }

    public static BenchmarkComparison of(List<BenchmarkSummary> before, List<BenchmarkSummary> after) {
        Paired<BenchmarkSummary> paired = Paired.of(before, after,
                (b, a) -> a.phase() == b.phase() && a.operation().equals(b.operation()));
        return new BenchmarkComparison(paired.pairs().stream().map(p -> new Pair(p.before(), p.after())).toList(),
                paired.onlyInBefore(), paired.onlyInAfter());
    }

    /** Whether either run benchmarked anything. */
    public boolean isEmpty() {
        return pairs.isEmpty() && onlyInBefore.isEmpty() && onlyInAfter.isEmpty();
    }
}
