package io.upgradelab.runner.benchmark;

import io.upgradelab.journal.NamingBenchmark.NodeCpu;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.runner.observe.Observations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each node's CPU while an operation runs, from the nodeResources observer's samples of the rounds
 * that end meanwhile: the same figures as the rest of the run, taken where they are already
 * measured, so the benchmark adds no sampling of its own to the nodes. An operation shorter than
 * the observation interval may see none (0 samples: not measured).
 */
final class NodeCpuWatch implements AutoCloseable {

    private final Observations observations;
    private final Map<Integer, List<Double>> samples = new TreeMap<>();
    private final Runnable stopListening;

    NodeCpuWatch(Observations observations) {
        this.observations = observations;
        this.stopListening = observations.onEveryRound(this::take);
    }

    private synchronized void take() {
        for (ResourceSample s : observations.resources()) {
            samples.computeIfAbsent(s.node(), n -> new ArrayList<>()).add(s.cpuPercent());
        }
    }

    /** Stops watching; each node's mean and highest sample, for nodes 1 to {@code nodes} (0 samples where none came). */
    List<NodeCpu> stop(int nodes) {
        close();
        synchronized (this) {
            List<NodeCpu> result = new ArrayList<>();
            for (int node = 1; node <= nodes; node++) {
                List<Double> cpu = samples.getOrDefault(node, List.of());
                double mean = cpu.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                double max = cpu.stream().mapToDouble(Double::doubleValue).max().orElse(0);
                result.add(new NodeCpu(node, round(mean), round(max), cpu.size()));
            }
            return result;
        }
    }

    private static double round(double percent) {
        return Math.round(percent * 10) / 10.0;
    }

    @Override
    public void close() {
        stopListening.run();
    }
}
