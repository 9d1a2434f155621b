package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A phase ended, with its tallies: the runner sums them as it observes, so a report of the phase
 * reads them rather than recomputing them.
 *
 * @param outcome      done, failed, aborted or interrupted
 * @param nodes        per node, by node number
 * @param probe        the probe's calls in the phase's seconds
 * @param probeSeconds how many probe seconds it counted
 * @param providers    the fleet's providers at its end; null when the fleet was not observed
 * @param message      why it did not end {@code done}; null when it did
 * @param cause        {@value #LAB} when it failed because the lab's own work stopped advancing (the
 *                     fleet made no progress for its bound), so the gate can tell the lab's limit from
 *                     Nacos's failure; null otherwise
 */
@LineType("phaseEnded")
public record PhaseEnded(int index, String kind, String title, String outcome, double seconds, long expectedSeconds,
                         List<NodeFigures> nodes, CallCounts probe, int probeSeconds,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer providers,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String message,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String cause) {

    /** The {@code cause} of a phase that failed on the lab's own limit. */
    public static final String LAB = "lab";

    /** A phase ended with no cause named: done, or failed for Nacos's reasons. */
    public PhaseEnded(int index, String kind, String title, String outcome, double seconds, long expectedSeconds,
                      List<NodeFigures> nodes, CallCounts probe, int probeSeconds, Integer providers, String message) {
        this(index, kind, title, outcome, seconds, expectedSeconds, nodes, probe, probeSeconds, providers, message, null);
    }

    public PhaseEnded {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        probe = probe == null ? CallCounts.NONE : probe;
    }

    /**
     * One node's figures over a phase: instance counts and their flapping (samples below the expected
     * count, drops below it and recoveries), CPU in % of one core, memory.
     *
     * @param samples      samples where the node answered; {@code unreachable} where it did not
     * @param belowSamples samples below the expected count
     */
    public record NodeFigures(int node, int samples, int unreachable, int minInstances, int maxInstances,
                              double meanInstances, double stddevInstances, int belowSamples, int drops,
                              int recoveries, double meanCpuPercent, double maxCpuPercent, long maxRssMiB) {
    }
}
