package io.upgradelab.runner.fleet;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.SetUp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The provider fleet as the phases and observers drive it, wherever it runs: a local process
 * ({@link FleetProcess}) or pods of the lab image on Kubernetes. Operations return once the fleet has
 * accepted them; {@link #awaitIdle} waits until every accepted operation is done, so a phase reads
 * the same whichever fleet it drives.
 */
public interface Fleet extends AutoCloseable {

    /** Grows or shrinks to {@code providers}; new providers register through clients of version {@code client}. */
    void scaleTo(int providers, double perSecond, String client);

    /** Rolling client upgrade of batch {@code batch} (1-based) of {@code batches} to client version {@code client}. */
    void upgradeBatch(int batch, int batches, String client, double perSecond);

    /** The fleet's state now: providers and clients per client version, failures, the last stop. */
    FleetStatus status();

    /** What each of the fleet's clients has registered now. */
    FleetRegistrations registrations();

    /** Waits until every accepted operation has finished, and returns the state then. */
    FleetStatus awaitIdle(Duration timeout);

    /** What the journal's {@code setUp} line says of where the fleet runs, e.g. its pid. */
    SetUp.Placement whereItRuns();

    /**
     * The fleet's own log on this machine, where its Nacos clients write what the servers refused
     * them; empty where the fleet runs out of the lab's reach (a pod).
     */
    default Optional<Path> log() {
        return Optional.empty();
    }

    /** Deregisters every provider and stops the fleet. */
    @Override
    void close();
}
