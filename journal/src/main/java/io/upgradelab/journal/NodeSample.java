package io.upgradelab.journal;

/**
 * One node's view of the registry at one moment (summed over the services of the default group).
 *
 * @param reachable     false while the node does not answer (stopped, paused, starting); counts are then 0
 * @param demoInstances instances of the probe's demo service, and {@code demoHealthy} of them healthy
 */
public record NodeSample(int node, String version, boolean reachable, int services, int instances,
                         int healthyInstances, int demoInstances, int demoHealthy, String error) {

    public static NodeSample unreachable(int node, String version, String error) {
        return new NodeSample(node, version, false, 0, 0, 0, 0, 0, error);
    }
}
