package io.upgradelab.journal;

/**
 * One node's flapping over a phase, sample by sample: samples <em>below</em> the expected count (by
 * a {@link Tolerance}), <em>drops</em> (a sample below after one that was not) and <em>recoveries</em>
 * (the reverse). The runner tallies it as it observes and the gate recounts it from the journal's
 * samples with the policy's tolerance; both through this class.
 */
public final class FlappingTally {

    private final Tolerance tolerance;
    private int below;
    private int drops;
    private int recoveries;
    private Boolean wasBelow;

    public FlappingTally(Tolerance tolerance) {
        this.tolerance = tolerance;
    }

    /** Counts one answered sample: the node held {@code observed} while {@code expected} were registered. */
    public void add(int observed, int expected) {
        boolean isBelow = tolerance.below(observed, expected);
        if (isBelow) {
            below++;
        }
        if (wasBelow != null && isBelow != wasBelow) {
            if (isBelow) {
                drops++;
            } else {
                recoveries++;
            }
        }
        wasBelow = isBelow;
    }

    public int below() {
        return below;
    }

    public int drops() {
        return drops;
    }

    public int recoveries() {
        return recoveries;
    }

    /** Times the node fell below: its drops, and one for a node below from the phase's first sample. */
    public int events() {
        return events(drops, below);
    }

    /** The flapping events of a node with {@code drops} drops and {@code below} samples below. */
    public static int events(int drops, int below) {
        return Math.max(drops, below > 0 ? 1 : 0);
    }
}
