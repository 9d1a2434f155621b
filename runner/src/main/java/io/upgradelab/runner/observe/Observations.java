package io.upgradelab.runner.observe;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.journal.UpgradeSample;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The latest sample of every observer, for conditions and the live display. Observers write it,
 * conditions and progress read it; the journal keeps every sample, this keeps only the newest
 * (and the probe's last few minutes).
 */
public final class Observations {

    private static final int PROBE_SECONDS_KEPT = 900;
    /** Rounds a registration may take to show on every node before its absence counts (see PhaseTally). */
    private static final int GRACE_ROUNDS = 2;

    private final Map<Integer, NodeSample> nodes = new ConcurrentHashMap<>();
    private final Map<Integer, UpgradeSample> upgrades = new ConcurrentHashMap<>();
    private final Map<Integer, ResourceSample> resources = new ConcurrentHashMap<>();
    private final Deque<ProbeSecond> probeSeconds = new ArrayDeque<>();
    private long probeSecondsAdded;
    private final Deque<Integer> registeredBefore = new ArrayDeque<>();
    private volatile FleetStatus fleet;
    private volatile int expectedInstances;
    private volatile long samples;
    private final Map<Integer, Long> logBytesRead = new ConcurrentHashMap<>();
    private final List<Runnable> roundListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    public void put(NodeSample sample) {
        nodes.put(sample.node(), sample);
    }

    public void put(UpgradeSample sample) {
        upgrades.put(sample.node(), sample);
    }

    public void clearUpgrade(int node) {
        upgrades.remove(node);
    }

    public void put(ResourceSample sample) {
        resources.put(sample.node(), sample);
    }

    public void put(FleetStatus status) {
        fleet = status;
    }

    public synchronized void add(ProbeSecond second) {
        probeSeconds.addLast(second);
        probeSecondsAdded++;
        while (probeSeconds.size() > PROBE_SECONDS_KEPT) {
            probeSeconds.removeFirst();
        }
    }

    /**
     * What the fleet and the demo providers have registered this round (the fleet observer says it once
     * per round): the expected count becomes the smallest of this round's and the two before, so a
     * registration still propagating is not taken for a loss.
     */
    public synchronized void registered(int count) {
        registeredBefore.addLast(count);
        if (registeredBefore.size() > GRACE_ROUNDS + 1) {
            registeredBefore.removeFirst();
        }
        expectedInstances = registeredBefore.stream().mapToInt(Integer::intValue).min().orElse(count);
    }

    /** Marks the end of one round of sampling by every observer, and tells those listening for rounds. */
    public void completeRound() {
        samples++;
        roundListeners.forEach(Runnable::run);
    }

    /**
     * Runs {@code listener} at the end of every round of sampling from now on (on the sampler's
     * thread: it must be quick), until the returned stop is run.
     */
    public Runnable onEveryRound(Runnable listener) {
        roundListeners.add(listener);
        return () -> roundListeners.remove(listener);
    }

    /** The bytes of node {@code node}'s logs the lab has read so far (the failure-sign observer's). */
    public void logBytesRead(int node, long total) {
        logBytesRead.put(node, total);
    }

    /** The bytes of each node's logs the lab has read so far, by node number. */
    public Map<Integer, Long> logBytesRead() {
        return Map.copyOf(logBytesRead);
    }

    /** How many rounds of sampling have completed: a waiter wants one that began after it did. */
    public long rounds() {
        return samples;
    }

    public List<NodeSample> nodes() {
        return nodes.values().stream().sorted((a, b) -> Integer.compare(a.node(), b.node())).toList();
    }

    public List<UpgradeSample> upgrades() {
        return upgrades.values().stream().sorted((a, b) -> Integer.compare(a.node(), b.node())).toList();
    }

    public List<ResourceSample> resources() {
        return resources.values().stream().sorted((a, b) -> Integer.compare(a.node(), b.node())).toList();
    }

    public Optional<FleetStatus> fleet() {
        return Optional.ofNullable(fleet);
    }

    /** The probe's last {@code seconds} seconds, oldest first. */
    public synchronized List<ProbeSecond> lastProbeSeconds(int seconds) {
        return probeSeconds.stream().skip(Math.max(0, probeSeconds.size() - seconds)).toList();
    }

    /** The probe seconds added after the first {@code count} ever added (those still kept). */
    public synchronized List<ProbeSecond> probeSecondsSince(long count) {
        long fresh = Math.min(probeSecondsAdded - count, probeSeconds.size());
        return probeSeconds.stream().skip(probeSeconds.size() - fresh).toList();
    }

    /** Whether {@code node} answers and holds the expected providers, less {@code tolerancePercent}. */
    public boolean holdsExpected(NodeSample node, double tolerancePercent) {
        return node.reachable() && node.instances() >= expectedInstances * (1 - tolerancePercent / 100);
    }

    /**
     * Whether the cluster serves 2.x clients: every node answers and runs 2.x, a 2.0/2.1 node once it
     * reports upgraded=true, a node from 2.2 on (no 1.x-compatible mode) whenever it answers.
     */
    public boolean servesTwoX() {
        return !nodes.isEmpty() && nodes.values().stream().allMatch(this::servesTwoX);
    }

    private boolean servesTwoX(NodeSample node) {
        if (!node.reachable() || NacosVersions.isOneX(node.version())) {
            return false;
        }
        UpgradeSample upgrade = upgrades.get(node.node());
        return !NacosVersions.hasCompatibilityMode(node.version()) || upgrade != null && upgrade.upgraded();
    }

    /**
     * Providers the registry should hold now: what the fleet has registered plus the live demo
     * providers, for at least two observation intervals ({@link #registered}).
     */
    public int expectedInstances() {
        return expectedInstances;
    }
}
