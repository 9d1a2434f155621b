package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the lab itself cost while a phase ran, journalled just before its {@code phaseEnded}: the
 * lab observes the cluster it judges, and an observation that loads the nodes or falls behind its
 * period changes what it measures. The report shows it beside the nodes' own load, and a phase whose
 * rounds fell behind is flagged like a phase whose load generator could not hold its load.
 *
 * @param seconds           the phase's wall time the figures cover
 * @param periodSeconds     the experiment's {@code observeEvery}: a round should take less
 * @param observation       the observation set the experiment chose ({@code full} or {@code minimal})
 * @param rounds            observation rounds completed in the phase
 * @param roundMeanSeconds  their mean duration; null when no round completed
 * @param roundMaxSeconds   the longest; null when no round completed
 * @param observers         each observer's share of the rounds
 * @param requests          the lab's own HTTP requests to the nodes, by node and endpoint
 * @param nodes             per node: what it served and what the lab read of its logs
 * @param labCpu            the lab's processes' CPU over the phase, % of one core; a process the lab
 *                          could not sample (it runs in a pod) is absent
 */
@LineType("labFootprint")
public record LabFootprint(double seconds, double periodSeconds, String observation, int rounds,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double roundMeanSeconds,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double roundMaxSeconds,
                           List<ObserverCost> observers, List<EndpointRequests> requests, List<NodeLoad> nodes,
                           List<ProcessCpu> labCpu) {

    public LabFootprint {
        observers = observers == null ? List.of() : List.copyOf(observers);
        requests = requests == null ? List.of() : List.copyOf(requests);
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        labCpu = labCpu == null ? List.of() : List.copyOf(labCpu);
    }

    /**
     * One observer over the phase.
     *
     * @param runs    rounds it sampled in
     * @param skipped rounds it sat out to keep within its budget (an expensive observer only)
     * @param meanMs  its mean time per run
     * @param maxMs   its longest run
     */
    public record ObserverCost(String name, boolean expensive, int runs, int skipped, double meanMs, double maxMs) {
    }

    /** The lab's requests to {@code node} on {@code endpoint} (a path without its query, e.g. v1/ns/catalog/services). */
    public record EndpointRequests(int node, String endpoint, long count) {
    }

    /**
     * One node's side of the footprint.
     *
     * @param labRequests    every request the lab sent it in the phase
     * @param servedRequests HTTP requests the node served in the phase, lab's included, from its access
     *                       log; null where the lab cannot read it (not a local node, or no access log)
     * @param logBytesRead   bytes of its logs the lab read (failure signs)
     */
    public record NodeLoad(int node, long labRequests,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Long servedRequests, long logBytesRead) {

        /** The lab's requests in % of what the node served; null when the node's side is unknown or zero. */
        public Double labSharePercent() {
            return servedRequests == null || servedRequests <= 0 ? null
                    : Math.round(1000.0 * labRequests / servedRequests) / 10.0;
        }
    }

    /** A lab process's CPU over the phase: runner, fleet, probe, demoProviders. */
    public record ProcessCpu(String process, double cpuPercent) {
    }
}
