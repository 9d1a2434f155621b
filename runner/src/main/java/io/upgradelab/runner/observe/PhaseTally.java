package io.upgradelab.runner.observe;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.FlappingTally;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.PhaseEnded.NodeFigures;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.Tolerance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one phase looked like, summed from its samples: per node the observed instance count
 * (min, max, mean, standard deviation), its flapping (drops below the expected count and
 * recoveries), CPU and memory; and the probe's outcomes.
 *
 * <p>Flapping ({@link FlappingTally}): a node's sample is <em>below</em> when it holds fewer than the
 * expected providers less {@link #TOLERANCE}. Expected is what has been registered for at least two observation intervals
 * (the smallest registered count of this round and the two before), so propagation during a ramp
 * is not mistaken for loss. A <em>drop</em> is a sample below after one that was not; a
 * <em>recovery</em> the reverse. Samples of an unreachable node count apart and break no run.
 */
public final class PhaseTally {

    /**
     * What a node may miss without counting as below, in these figures: 1% of the expected providers.
     * The gate recounts with its policy's tolerance from the samples' expected counts.
     */
    public static final Tolerance TOLERANCE = Tolerance.RUNNER;

    private final Map<Integer, NodeTally> nodes = new TreeMap<>();
    private final List<ProbeSecond> probe = new ArrayList<>();

    public synchronized void addRound(List<NodeSample> counts, List<ResourceSample> resources, int expected) {
        for (NodeSample s : counts) {
            nodes.computeIfAbsent(s.node(), NodeTally::new).count(s, expected);
        }
        for (ResourceSample r : resources) {
            nodes.computeIfAbsent(r.node(), NodeTally::new).resources(r);
        }
    }

    public synchronized void addProbe(ProbeSecond second) {
        probe.add(second);
    }

    /** Per node figures, by node number. */
    public synchronized List<NodeFigures> nodes() {
        return nodes.values().stream().map(NodeTally::figures).toList();
    }

    /** The probe's outcomes summed over the phase's seconds. */
    public synchronized CallCounts probe() {
        CallCounts sum = CallCounts.NONE;
        for (ProbeSecond s : probe) {
            sum = sum.plus(s.calls());
        }
        return sum;
    }

    public synchronized int probeSeconds() {
        return probe.size();
    }

    private static final class NodeTally {
        private final int node;
        private int samples;
        private int unreachable;
        private int min = Integer.MAX_VALUE;
        private int max;
        private double sum;
        private double sumSquares;
        private final FlappingTally flapping = new FlappingTally(TOLERANCE);
        private int cpuSamples;
        private double cpuSum;
        private double cpuMax;
        private long rssMax;

        NodeTally(int node) {
            this.node = node;
        }

        void count(NodeSample s, int expected) {
            if (!s.reachable()) {
                unreachable++;
                return;
            }
            int n = s.instances();
            samples++;
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
            sumSquares += (double) n * n;
            flapping.add(n, expected);
        }

        void resources(ResourceSample r) {
            cpuSamples++;
            cpuSum += r.cpuPercent();
            cpuMax = Math.max(cpuMax, r.cpuPercent());
            rssMax = Math.max(rssMax, r.rssMiB());
        }

        NodeFigures figures() {
            double mean = samples == 0 ? 0 : sum / samples;
            double variance = samples == 0 ? 0 : Math.max(0, sumSquares / samples - mean * mean);
            return new NodeFigures(node, samples, unreachable, samples == 0 ? 0 : min, max, round(mean),
                    round(Math.sqrt(variance)), flapping.below(), flapping.drops(), flapping.recoveries(),
                    round(cpuSamples == 0 ? 0 : cpuSum / cpuSamples), round(cpuMax), rssMax);
        }

        private static double round(double v) {
            return Math.round(v * 10) / 10.0;
        }
    }
}
