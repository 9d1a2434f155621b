package io.upgradelab.runner.observe;

import io.upgradelab.journal.LabFootprint;
import io.upgradelab.journal.LabFootprint.EndpointRequests;
import io.upgradelab.journal.LabFootprint.NodeLoad;
import io.upgradelab.journal.LabFootprint.ObserverCost;
import io.upgradelab.journal.LabFootprint.ProcessCpu;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.local.ProcSampler;
import io.upgradelab.runner.nacos.LabRequests;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures what the lab itself costs while a phase runs ({@link LabFootprint}): its rounds and each
 * observer's time, the requests it sends each node against those the node served, the node logs it
 * reads and its processes' CPU. The sampler feeds it round by round; the engine takes one footprint per
 * phase. Figures the lab cannot read where the load runs (pods) are left out, never made up.
 */
public final class LabFootprintMeter {

    private final Observed observed;
    private final Observations observations;
    private final Duration period;
    private final String observation;
    private final ProcSampler cpu = new ProcSampler();
    private final Map<Path, ServedRequests> served = new HashMap<>();

    private Map<LabRequests.Key, Long> requestsAtStart = Map.of();
    private Map<Integer, Long> servedAtStart = Map.of();
    private Map<Integer, Long> logBytesAtStart = Map.of();
    private final Map<String, Tally> observers = new LinkedHashMap<>();
    private final List<Double> rounds = new ArrayList<>();

    public LabFootprintMeter(Observed observed, Observations observations, Duration period, String observation) {
        this.observed = observed;
        this.observations = observations;
        this.period = period;
        this.observation = observation;
    }

    /** A phase begins: the figures from here on are its own. */
    public synchronized void begin() {
        requestsAtStart = LabRequests.snapshot();
        servedAtStart = servedNow();
        logBytesAtStart = observations.logBytesRead();
        observers.clear();
        rounds.clear();
        labProcesses().values().forEach(cpu::sample);
    }

    /** A round of every observer due took {@code seconds}. */
    public synchronized void roundTook(double seconds) {
        rounds.add(seconds);
    }

    /** Observer {@code name} sampled for {@code seconds}. */
    public synchronized void ran(String name, boolean expensive, double seconds) {
        observers.computeIfAbsent(name, n -> new Tally(expensive)).ran(seconds);
    }

    /** Observer {@code name} sat a round out, within its budget. */
    public synchronized void skipped(String name) {
        observers.computeIfAbsent(name, n -> new Tally(true)).skipped++;
    }

    /** The footprint of the phase that ends now, {@code seconds} long. */
    public synchronized LabFootprint end(double seconds) {
        List<ObserverCost> costs = new ArrayList<>();
        observers.forEach((name, t) -> costs.add(new ObserverCost(name, t.expensive, t.runs, t.skipped,
                round(t.runs == 0 ? 0 : 1000 * t.seconds / t.runs), round(1000 * t.max))));
        List<EndpointRequests> requests = requests();
        return new LabFootprint(seconds, period.toMillis() / 1000.0, observation, rounds.size(),
                rounds.isEmpty() ? null : round(rounds.stream().mapToDouble(Double::doubleValue).average().orElse(0)),
                rounds.isEmpty() ? null : round(rounds.stream().mapToDouble(Double::doubleValue).max().orElse(0)),
                costs, requests, nodes(requests), labCpu());
    }

    /** The lab's requests in the phase, by node number and endpoint; to addresses of no node, left out. */
    private List<EndpointRequests> requests() {
        Map<String, Integer> numbers = new HashMap<>();
        observed.cluster().nodes().forEach(n -> numbers.put(n.address(), n.number()));
        List<EndpointRequests> requests = new ArrayList<>();
        LabRequests.snapshot().forEach((key, count) -> {
            Integer node = numbers.get(key.node());
            long inPhase = count - requestsAtStart.getOrDefault(key, 0L);
            if (node != null && inPhase > 0) {
                requests.add(new EndpointRequests(node, key.endpoint(), inPhase));
            }
        });
        requests.sort((a, b) -> a.node() != b.node() ? Integer.compare(a.node(), b.node())
                : Long.compare(b.count(), a.count()));
        return requests;
    }

    /** Per node: the lab's {@code requests} to it, what it served and the bytes of its logs read, in the phase. */
    private List<NodeLoad> nodes(List<EndpointRequests> requests) {
        Map<Integer, Long> servedNow = servedNow();
        Map<Integer, Long> logBytes = observations.logBytesRead();
        List<NodeLoad> nodes = new ArrayList<>();
        for (NodeStatus node : observed.cluster().nodes()) {
            int n = node.number();
            long lab = requests.stream().filter(r -> r.node() == n).mapToLong(EndpointRequests::count).sum();
            Long servedInPhase = servedNow.containsKey(n) && servedAtStart.containsKey(n)
                    ? Math.max(0, servedNow.get(n) - servedAtStart.get(n)) : null;
            nodes.add(new NodeLoad(n, lab, servedInPhase,
                    Math.max(0, logBytes.getOrDefault(n, 0L) - logBytesAtStart.getOrDefault(n, 0L))));
        }
        return nodes;
    }

    /** Each node's served requests so far, where its access log can be read. */
    private Map<Integer, Long> servedNow() {
        Map<Integer, Long> now = new HashMap<>();
        for (NodeStatus node : observed.cluster().nodes()) {
            Optional<Path> logs = observed.cluster().logDirectory(node.number());
            logs.ifPresent(dir -> now.put(node.number(), served.computeIfAbsent(dir, ServedRequests::new).total()));
        }
        return now;
    }

    /** Each lab process's CPU since {@link #begin}, the demo providers summed. */
    private List<ProcessCpu> labCpu() {
        Map<String, Double> byProcess = new LinkedHashMap<>();
        labProcesses().forEach((name, pid) -> byProcess.merge(name.replaceAll("#\\d+$", ""),
                cpu.sample(pid).cpuPercent(), Double::sum));
        return byProcess.entrySet().stream().map(e -> new ProcessCpu(e.getKey(), round(e.getValue()))).toList();
    }

    /** The lab's processes this machine can sample, by name ("demoProviders#2" for each demo provider). */
    private Map<String, Long> labProcesses() {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("runner", ProcessHandle.current().pid());
        if (observed.fleet() != null) {
            Optional.ofNullable(observed.fleet().whereItRuns().pid()).ifPresent(pid -> pids.put("fleet", pid));
        }
        if (observed.probe() != null) {
            Optional.ofNullable(observed.probe().whereItRuns().pid()).ifPresent(pid -> pids.put("probe", pid));
        }
        if (observed.demoProviders() != null) {
            List<Long> demo = observed.demoProviders().pids();
            for (int i = 0; i < demo.size(); i++) {
                pids.put("demoProviders#" + i, demo.get(i));
            }
        }
        return pids;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    /** One observer's runs in the phase. */
    private static final class Tally {
        private final boolean expensive;
        private int runs;
        private int skipped;
        private double seconds;
        private double max;

        Tally(boolean expensive) {
            this.expensive = expensive;
        }

        void ran(double took) {
            runs++;
            seconds += took;
            max = Math.max(max, took);
        }
    }
}
