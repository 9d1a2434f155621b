package io.upgradelab.reports.gate;

/**
 * How criteria compare figures: a figure that is not a number is evidence that something is broken, so
 * it is the worst of any it is compared with, never one that drops out of a maximum or minimum (as it
 * would with {@code >}, which is false for NaN). The journal's audit names where it came from
 * ({@link JournalAudit}).
 */
final class Figures {

    private Figures() {
    }

    /**
     * Whether {@code figure} is worse than {@code worst} where higher is worse: it is higher, or it is NaN
     * and {@code worst} is not yet (once NaN, the worst stays NaN). For a minimum, compare the negatives.
     */
    static boolean worseThan(double figure, double worst) {
        if (Double.isNaN(worst)) {
            return false;
        }
        return Double.isNaN(figure) || figure > worst;
    }
}
