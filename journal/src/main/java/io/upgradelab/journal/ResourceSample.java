package io.upgradelab.journal;

/** One node's CPU (% of one core, since its previous sample) and resident memory. */
public record ResourceSample(int node, double cpuPercent, long rssMiB) {
}
