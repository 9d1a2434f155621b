package io.upgradelab.reports;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.upgradelab.journal.FleetSample;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.MachineSample;
import io.upgradelab.journal.ProbeSecond;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a phase's figures measure Nacos or the machine the lab ran on, as wrk2 and k6 say when
 * they could not hold the rate. A phase is flagged when the load generator or the machine was the
 * bottleneck: the 1.x clients delivered under half of their nominal beats, the fleet's JVM used a
 * whole core, the probe started its calls late, the machine had no idle CPU left, or the hypervisor
 * took a large share. A figure that was not sampled is null, and a phase with any of them missing is
 * "not measured": it never counts as valid.
 *
 * @param beatsDeliveredPercent beats the 1.x clients sent in % of one per provider every 5 s; null
 *                              where not judged: no 1.x provider, or too few samples of a steady fleet
 * @param fleetCpuPercent       the fleet JVM's mean CPU, % of one core
 * @param probeLagP99Ms         the 95th percentile over the phase's seconds of each second's lag p99:
 *                              how late the probe started its calls against its schedule
 * @param machineIdlePercent    the machine's mean idle CPU, % of all cores
 * @param stealPercent          the machine's mean steal, % of all cores
 * @param problems              why the phase is flagged, one sentence each; empty when it is not
 */
public record LoadValidity(Double beatsDeliveredPercent, Double fleetCpuPercent, Double probeLagP99Ms,
                           Double machineIdlePercent, Double stealPercent, List<String> problems) {

    /** Under half of the nominal beats: the 1.x load the phase claims was not applied. */
    public static final double MIN_BEATS_PERCENT = 50;
    /** Fewer samples of a steady 1.x fleet than this leave beats unjudged: beats come in 5 s waves. */
    public static final int MIN_BEAT_SAMPLES = 3;
    /** The fleet's JVM busy for a whole core on average: the generator competes with what it loads. */
    public static final double MAX_FLEET_CPU_PERCENT = 90;
    /** Calls started this late (p99) mean the probe's schedule slipped: the machine could not run it. */
    public static final double MAX_PROBE_LAG_MS = 100;
    /** Less idle CPU than this on average: every core was taken, so the nodes competed with the lab. */
    public static final double MIN_IDLE_PERCENT = 5;
    /** A hypervisor taking more than this slows everything measured by that much. */
    public static final double MAX_STEAL_PERCENT = 10;

    public LoadValidity {
        problems = List.copyOf(problems);
    }

    /** Judges the figures of one phase. */
    public static LoadValidity judge(Double beatsDeliveredPercent, Double fleetCpuPercent, Double probeLagP99Ms,
                                     Double machineIdlePercent, Double stealPercent) {
        List<String> problems = new ArrayList<>();
        if (beatsDeliveredPercent != null && beatsDeliveredPercent < MIN_BEATS_PERCENT) {
            problems.add("1.x clients delivered " + percent(beatsDeliveredPercent) + " of their nominal beats");
        }
        if (fleetCpuPercent != null && fleetCpuPercent >= MAX_FLEET_CPU_PERCENT) {
            problems.add("the fleet used " + percent(fleetCpuPercent) + " of a core");
        }
        if (probeLagP99Ms != null && probeLagP99Ms > MAX_PROBE_LAG_MS) {
            problems.add("the probe started calls up to " + Math.round(probeLagP99Ms) + " ms late (p99)");
        }
        if (machineIdlePercent != null && machineIdlePercent < MIN_IDLE_PERCENT) {
            problems.add("the machine had " + percent(machineIdlePercent) + " idle CPU");
        }
        if (stealPercent != null && stealPercent > MAX_STEAL_PERCENT) {
            problems.add("the hypervisor took " + percent(stealPercent) + " of the CPU (steal)");
        }
        return new LoadValidity(beatsDeliveredPercent, fleetCpuPercent, probeLagP99Ms, machineIdlePercent,
                stealPercent, problems);
    }

    /**
     * From a phase's fleet samples (only those the fleet answered), machine and probe lines of the
     * journal. Beats are compared with nominal only over samples taken while the 1.x fleet kept its
     * size (a provider registered a moment ago beats 5 s later, so a ramp always looks short of
     * beats), and only from {@link #MIN_BEAT_SAMPLES} such samples on; fewer leave beats unjudged.
     */
    static LoadValidity of(List<FleetSample> fleetSamples, List<MachineSample> machineSamples, List<ProbeSecond> probeSeconds) {
        double beats = 0;
        double nominal = 0;
        int steady = 0;
        double previousNominal = Double.NaN;
        List<Double> fleetCpu = new ArrayList<>();
        for (FleetSample sample : fleetSamples) {
            FleetStatus f = sample.fleet();
            fleetCpu.add(f.cpuPercent());
            double now = f.nominalBeatsPerSecond();
            if (now > 0 && Math.abs(now - previousNominal) <= 0.01 * now) {
                beats += f.beatsPerSecond();
                nominal += now;
                steady++;
            }
            previousNominal = now;
        }
        List<Double> idle = machineSamples.stream().map(MachineSample::idlePercent).toList();
        List<Double> steal = machineSamples.stream().map(MachineSample::stealPercent).toList();
        List<Double> lag = probeSeconds.stream().filter(s -> s.lagMs() != null)
                .map(s -> s.lagMs().p99()).sorted().toList();
        LoadValidity judged = judge(steady >= MIN_BEAT_SAMPLES ? round(100 * beats / nominal) : null, mean(fleetCpu),
                lag.isEmpty() ? null : RunSummaries.nearestRank(lag, 0.95), mean(idle), mean(steal));
        boolean broken = java.util.stream.Stream.of(fleetCpu, idle, steal, lag).flatMap(List::stream)
                .anyMatch(v -> !Double.isFinite(v)) || fleetSamples.stream().anyMatch(f ->
                !Double.isFinite(f.fleet().beatsPerSecond()) || !Double.isFinite(f.fleet().nominalBeatsPerSecond()));
        // a NaN rounds to 0 and an infinity to a huge figure: either could read as valid, so neither is
        return broken ? judged.withLabProblems(List.of("a load figure is not a finite number")) : judged;
    }

    /**
     * These figures with the lab's own {@code problems} added ({@link LabFootprintFigures#problems()}:
     * observation rounds behind their period, a fleet step far slower than planned): a phase the lab
     * itself slowed measured the lab as much as Nacos.
     */
    public LoadValidity withLabProblems(List<String> labProblems) {
        if (labProblems.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(problems);
        all.addAll(labProblems);
        return new LoadValidity(beatsDeliveredPercent, fleetCpuPercent, probeLagP99Ms, machineIdlePercent,
                stealPercent, all);
    }

    /** Every figure the verdict needs was sampled (beats only where 1.x providers were registered). */
    @JsonProperty("measured")
    public boolean measured() {
        return fleetCpuPercent != null && probeLagP99Ms != null && machineIdlePercent != null && stealPercent != null;
    }

    /** Measured, and nothing says the generator or the machine was the bottleneck. */
    @JsonProperty("valid")
    public boolean valid() {
        return measured() && problems.isEmpty();
    }

    /** "valid", "not measured (no machine sample)", or the problems joined. */
    public String describe() {
        if (!problems.isEmpty()) {
            return String.join("; ", problems);
        }
        return measured() ? "valid" : "not measured (" + String.join(", ", missing()) + ")";
    }

    private List<String> missing() {
        List<String> missing = new ArrayList<>();
        if (fleetCpuPercent == null) {
            missing.add("no fleet sample");
        }
        if (probeLagP99Ms == null) {
            missing.add("no probe second");
        }
        if (machineIdlePercent == null || stealPercent == null) {
            missing.add("no machine sample");
        }
        return missing;
    }

    private static Double mean(List<Double> values) {
        return values.isEmpty() ? null : round(values.stream().mapToDouble(Double::doubleValue).average().orElse(0));
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static String percent(double value) {
        return SummaryText.number(value) + "%";
    }
}
