package io.upgradelab.runner.backend;

/**
 * CPU and memory of one node at one moment.
 *
 * @param cpuPercent CPU used since the previous sample of the same node, in percent of one core
 *                   (a node using two full cores reads 200)
 * @param rssBytes   resident memory
 */
public record NodeResources(double cpuPercent, long rssBytes) {

    public long rssMiB() {
        return rssBytes >> 20;
    }
}
