package io.upgradelab.journal;

/**
 * How far under the expected count a node may hold without counting as <em>below</em>: the larger of
 * {@code instances} and {@code percent} of the expected count. One rule for the runner's tallies (1%)
 * and the gate's recount (the policy's, none by default), so the two count the same way.
 *
 * @param instances providers a node may miss
 * @param percent   share of the expected providers a node may miss, 0 to 100
 */
public record Tolerance(int instances, double percent) {

    /** What the runner tallies into each phaseEnded line: 1% of the expected count. */
    public static final Tolerance RUNNER = new Tolerance(0, 1);
    /** No shortfall allowed. */
    public static final Tolerance NONE = new Tolerance(0, 0);

    /** Whether a node holding {@code observed} providers is below {@code expected} by more than this allows. */
    public boolean below(int observed, int expected) {
        return expected - observed > Math.max(instances, expected * percent / 100);
    }

    /** "0 instances", "2 instances or 0.5%": as the gate says it. */
    public String describe() {
        String count = instances + (instances == 1 ? " instance" : " instances");
        String share = java.math.BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString() + "%";
        return percent == 0 ? count : instances == 0 ? share : count + " or " + share;
    }
}
