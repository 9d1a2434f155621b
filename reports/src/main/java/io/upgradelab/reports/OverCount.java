package io.upgradelab.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node listing more providers than the fleet and the demo providers had registered, in one
 * instance-count sample taken while the fleet stood still ({@link OverCounts} says when that is). A
 * node listing every instance twice looks complete, so half the providers could vanish unseen behind
 * it: whether Nacos keeps ghosts or the lab counts twice, the report flags it and the gate judges it
 * (flapping, instanceLossAtEnd), rather than calling the phase stable.
 *
 * @param node       the node
 * @param round      the sample's number among its phase's instance-count samples, from 0: consecutive
 *                   rounds of one node make one stretch
 * @param elapsed    when it was taken, seconds since the run began
 * @param listed     the instances the node listed
 * @param registered the most the fleet and the demo providers had registered around the sample
 */
public record OverCount(int node, int round, double elapsed, int listed, int registered) {

    /** Instances listed beyond those registered. */
    public int excess() {
        return listed - registered;
    }

    /**
     * One node's over-count over a phase, as the report says it.
     *
     * @param samples   its samples over the registered count
     * @param maxListed the most it listed in them, against {@code registered} then
     * @param from      the first of them, seconds since the run began; {@code to} the last
     */
    public record Finding(int node, int samples, int maxListed, int registered, double from, double to) {

        /**
         * "node 2 listed up to 404 of 202 registered for 25 s (6 samples from 196 s)", or "node 3 listed 7953
         * of 7952 registered in 1 sample (at 928 s)".
         */
        public String describe() {
            if (samples == 1) {
                return "node " + node + " listed " + maxListed + " of " + registered + " registered in 1 sample (at "
                        + Math.round(from) + " s)";
            }
            return "node " + node + " listed up to " + maxListed + " of " + registered + " registered for "
                    + Math.round(to - from) + " s (" + samples + " samples from " + Math.round(from) + " s)";
        }
    }

    /** Per node, in node order: the findings {@code samples} (one phase's) make. */
    public static List<Finding> findings(List<OverCount> samples) {
        Map<Integer, List<OverCount>> byNode = new TreeMap<>();
        samples.forEach(s -> byNode.computeIfAbsent(s.node(), n -> new ArrayList<>()).add(s));
        List<Finding> findings = new ArrayList<>();
        byNode.forEach((node, over) -> {
            OverCount most = over.stream().max(java.util.Comparator.comparingInt(OverCount::excess)).orElseThrow();
            findings.add(new Finding(node, over.size(), most.listed(), most.registered(), over.get(0).elapsed(),
                    over.get(over.size() - 1).elapsed()));
        });
        return List.copyOf(findings);
    }
}
