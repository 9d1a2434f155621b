package io.upgradelab.runner.cli;

import io.upgradelab.reports.JournalFile;
import io.upgradelab.reports.RunSummaries;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.NodeSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import io.upgradelab.runner.calibrate.Calibration;
import io.upgradelab.runner.calibrate.CalibrationPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One pair's capacity, read from the journal of the run that measured it ({@link CalibrationPlan}'s
 * experiment: per step a ramp, a wait until settled and a hold). A step is stable when the cluster
 * settled and its hold was stable by the report's own definition; the frontier is the last step
 * before the first that was not.
 */
public final class Capacity {

    /** Phases per step: rampTo, waitUntil, hold. */
    static final int PHASES_PER_STEP = 3;

    private Capacity() {
    }

    public static Calibration.PairCapacity of(CalibrationPlan.Pair pair, List<Integer> steps, Path runDirectory) {
        RunSummary run = RunSummaries.of(JournalFile.read(runDirectory));
        Map<Integer, PhaseSummary> phases = new TreeMap<>();
        run.phases().forEach(p -> phases.put(p.index(), p));
        List<Calibration.Step> measured = new ArrayList<>();
        int frontier = 0;
        int firstUnstable = 0;
        for (int k = 0; k < steps.size(); k++) {
            PhaseSummary wait = phases.get(PHASES_PER_STEP * k + 2);
            PhaseSummary hold = phases.get(PHASES_PER_STEP * k + 3);
            if (wait == null) {
                break;   // the run ended before this step
            }
            Calibration.Step step = step(steps.get(k), wait, hold);
            measured.add(step);
            if (firstUnstable == 0 && step.stable()) {
                frontier = step.providers();
            } else if (firstUnstable == 0) {
                firstUnstable = step.providers();
            }
            if (hold == null) {
                break;
            }
        }
        return new Calibration.PairCapacity(pair.server(), pair.clients(), frontier, firstUnstable, measured,
                runDirectory.toString());
    }

    private static Calibration.Step step(int providers, PhaseSummary wait, PhaseSummary hold) {
        boolean settled = "done".equals(wait.outcome());
        if (!settled || hold == null) {
            List<Double> cpu = wait.nodes().stream().map(NodeSummary::meanCpuPercent).toList();
            int least = wait.nodes().stream().mapToInt(NodeSummary::minInstances).min().orElse(-1);
            return new Calibration.Step(providers, settled, false, 0, least, cpu, wait.load().beatsDeliveredPercent(),
                    wait.load().describe());
        }
        boolean held = "done".equals(hold.outcome()) && hold.stable();
        int flapping = hold.nodes().stream().mapToInt(NodeSummary::flappingEvents).sum();
        int least = hold.nodes().stream().mapToInt(NodeSummary::minInstances).min().orElse(-1);
        return new Calibration.Step(providers, true, held, flapping, least,
                hold.nodes().stream().map(NodeSummary::meanCpuPercent).toList(), hold.load().beatsDeliveredPercent(),
                hold.load().describe());
    }
}
