package io.upgradelab.runner.experiment;

import io.upgradelab.runner.phase.Phase;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What an experiment is expected to do and when, worked out without starting anything: the set-up
 * (cluster, fleet, demo providers, probe), then each phase with its expected start, duration and
 * the state it leaves. {@code upgrade-lab plan} prints it; the engine can show progress against it.
 *
 * @param setUp        expected time from start to the first phase
 * @param setUpTitle   what the set-up does, e.g. "start a 3-node Nacos 1.4.1 cluster, ..."
 * @param phases       the phases in file order
 */
public record Timeline(Duration setUp, String setUpTitle, List<PlannedPhase> phases) {

    public Timeline {
        phases = List.copyOf(phases);
    }

    /**
     * One phase as planned.
     *
     * @param number                its place in the file's {@code phases} list, from 1 (as the run, the report,
     *                              the gate and errors number it)
     * @param phase                 the phase resolved: scaled and with its defaults, as the engine runs it
     * @param title                 e.g. "ramp to 6000 providers" (counts scaled)
     * @param start                 expected offset from the start of the run, set-up included
     * @param expected              expected duration
     * @param providers             fleet providers once it is over
     * @param providersByGeneration the same by client version ({@code 1.4.1}, {@code 2.3.2}; the name is from when
     *                              clients came in two generations)
     * @param nodeVersions          what each node runs once it is over, node 1 first
     */
    public record PlannedPhase(int number, Phase phase, String title, Duration start, Duration expected,
                               int providers, Map<String, Integer> providersByGeneration, List<String> nodeVersions) {

        public PlannedPhase {
            providersByGeneration = Map.copyOf(providersByGeneration);
            nodeVersions = List.copyOf(nodeVersions);
        }

        /** e.g. rampTo */
        public String kind() {
            return phase.kind();
        }

        public Duration end() {
            return start.plus(expected);
        }
    }

    /** Expected time of the phases alone. */
    public Duration phasesTime() {
        return phases.stream().map(PlannedPhase::expected).reduce(Duration.ZERO, Duration::plus);
    }

    /** Expected time of the whole run: set-up and phases. */
    public Duration total() {
        return setUp.plus(phasesTime());
    }
}
