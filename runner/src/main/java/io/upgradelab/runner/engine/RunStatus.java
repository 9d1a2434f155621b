package io.upgradelab.runner.engine;

import io.upgradelab.journal.CallCounts;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.ResourceSample;
import java.time.Duration;
import java.util.List;

/**
 * A run as the live display shows it: where it is, how long it has taken against the plan, and the
 * latest counts, CPU and probe outcomes.
 *
 * @param phase      1-based index of the running phase; 0 while setting up, -1 while tearing down
 * @param stage      the phase's title, or what set-up or tear-down is doing
 * @param probeTotal the probe's outcomes since it started
 */
public record RunStatus(int phase, int phases, String stage, Duration phaseElapsed, Duration phaseExpected,
                        Duration runElapsed, Duration runExpected, int expectedInstances, List<NodeSample> nodes,
                        List<ResourceSample> resources, CallCounts probeTotal) {
}
