package io.upgradelab.runner.fault;

import io.upgradelab.journal.FaultEvent;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.phase.RunContext;
import io.upgradelab.runner.plan.Capability;
import java.time.Duration;
import java.util.Optional;

/**
 * The shape every network fault shares: disturb the packets to a node, keep it so for a while,
 * restore it (also when the run is stopped meanwhile), and journal both. The node itself runs on;
 * what differs is what happens to its packets ({@link #disturbance(FaultPhase)}).
 */
abstract class NetworkFault implements Fault {

    /** What this fault does to the packets, from the phase's fields. */
    abstract NetworkDisturbance disturbance(FaultPhase spec);

    @Override
    public String describe(FaultPhase spec) {
        return disturbance(spec).describe(spec.node()) + " for " + spec.duration().toSeconds() + " s";
    }

    @Override
    public Capability needs() {
        return Capability.NETWORK;
    }

    /** Peers or clients alone: only where each node has an address of its own. */
    @Override
    public Optional<Capability> alsoNeeds(FaultPhase spec) {
        return switch (disturbance(spec).between()) {
            case ALL -> Optional.empty();
            case PEERS, CLIENTS -> Optional.of(Capability.NETWORK_BETWEEN);
        };
    }

    /** {@code from} as a file writes it ({@code peers}), or all when it does not. */
    static NetworkDisturbance.Between between(String from) {
        return from == null ? NetworkDisturbance.Between.ALL
                : NetworkDisturbance.Between.valueOf(from.toUpperCase(java.util.Locale.ROOT));
    }

    @Override
    public NodeFault action(FaultPhase spec) {
        return new NodeFault.Network(disturbance(spec));
    }

    @Override
    public Duration expectedTime(FaultPhase spec, String version) {
        return spec.duration();
    }

    @Override
    public void inject(RunContext run, FaultPhase spec) throws InterruptedException {
        NetworkDisturbance disturbance = disturbance(spec);
        run.cluster().disturbNetwork(spec.node(), disturbance);
        run.record(new FaultEvent(name(), spec.node(), "disturbed", disturbance.describe()));
        try {
            run.pause(spec.duration());
        } finally {
            run.cluster().restoreNetwork(spec.node());
            run.record(new FaultEvent(name(), spec.node(), "restored"));
        }
    }
}
