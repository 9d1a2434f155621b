package io.upgradelab.reports.stats;

import java.util.Arrays;
import java.util.Optional;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * How far the "after" samples of a figure sit from the "before" ones, Kayenta's way: the
 * Hodges-Lehmann estimate of the shift (the median of every after - before difference), its
 * distribution-free confidence interval from the ordered differences, and the Mann-Whitney U test's
 * two-sided p-value (exact for small samples without ties, else the normal approximation with the
 * ties and continuity corrections, as R's {@code wilcox.test}). Rank-based, so one outlier second
 * moves none of it much, and no normal distribution is assumed of figures that have none (latency,
 * CPU). Why not means and a t-test: a run's per-second figures are skewed and bursty.
 *
 * <p>The interval is Hollander and Wolfe's large-sample one: with {@code C = n1 n2 / 2 - z sqrt(n1 n2
 * (n1 + n2 + 1) / 12)} rounded, the {@code C}-th smallest and the {@code C}-th largest difference.
 *
 * @param estimate   after - before, the Hodges-Lehmann estimate
 * @param low        the interval's lower end
 * @param high       the interval's upper end
 * @param confidence the interval's confidence, e.g. 0.95
 * @param before     how many before samples
 * @param after      how many after samples
 * @param u          the Mann-Whitney U statistic of the after samples (the count of pairs where after is the larger, ties half)
 * @param pValue     the two-sided p-value of "no shift"
 */
public record LocationShift(double estimate, double low, double high, double confidence, int before, int after,
                            double u, double pValue) {

    /** Fewer samples on either side than this give no shift: an interval from two points says nothing. */
    public static final int MIN_SAMPLES = 3;

    /**
     * The shift of {@code after} from {@code before}; empty with fewer than {@link #MIN_SAMPLES} finite
     * samples on a side, or too few for an interval of {@code confidence}.
     */
    public static Optional<LocationShift> of(double[] before, double[] after, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("a confidence is between 0 and 1, not " + confidence);
        }
        double[] b = finite(before);
        double[] a = finite(after);
        if (b.length < MIN_SAMPLES || a.length < MIN_SAMPLES) {
            return Optional.empty();
        }
        double[] differences = new double[a.length * b.length];
        int k = 0;
        for (double x : a) {
            for (double y : b) {
                differences[k++] = x - y;
            }
        }
        int c = criticalRank(a.length, b.length, confidence);
        if (c < 1) {   // so few samples that no interval of this confidence exists (3 and 3 reach 90 % at best)
            return Optional.empty();
        }
        Arrays.sort(differences);
        MannWhitneyUTest.Result test = MannWhitneyUTest.withDefaults().test(a, b);
        return Optional.of(new LocationShift(sortedMedian(differences), differences[c - 1], differences[differences.length - c],
                confidence, b.length, a.length, test.getStatistic(), test.getPValue()));
    }

    /** Whether the samples say the figure moved: the interval leaves out 0, and the test agrees at the same level. */
    public boolean shown() {
        return (low > 0 || high < 0) && pValue < 1 - confidence;
    }

    /** {@code C}: the rank (from 1) of the interval's ends among the ordered differences; under 1 when there is none. */
    static int criticalRank(int n1, int n2, double confidence) {
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double c = n1 * (double) n2 / 2 - z * Math.sqrt(n1 * (double) n2 * (n1 + n2 + 1) / 12.0);
        return (int) Math.round(c);
    }

    private static double[] finite(double[] values) {
        return Arrays.stream(values).filter(Double::isFinite).toArray();
    }

    /** The median of {@code values} (finite ones: NaN is no sample); 0 when there is none. */
    public static double median(double[] values) {
        double[] sorted = finite(values);
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sortedMedian(sorted);
    }

    private static double sortedMedian(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
