package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.BackendType;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.process.LoopbackGuard;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code target.backend: local}, the embedded default: real Nacos server processes on 127.0.0.1 (ports
 * apart) or each at an address of its own ({@code target.nodeAddresses}, Nacos's standard ports), on
 * their embedded store or, with {@code target.storage: mysql}, on a lab-managed MariaDB ({@link LocalDatabase}).
 */
public final class LocalBackend implements BackendType {

    @Override
    public String name() {
        return "local";
    }

    /**
     * Every one, but a network fault between a node and its peers or clients alone where the nodes
     * share 127.0.0.1 (only their own addresses tell peers from clients). Delay needs this kernel's
     * netem, loss and partition iptables (refused at run time without them).
     */
    @Override
    public Set<Capability> capabilities(Target target) {
        Set<Capability> all = EnumSet.allOf(Capability.class);
        if (target.nodeAddresses().isEmpty()) {
            all.remove(Capability.NETWORK_BETWEEN);
        }
        return all;
    }

    /** The ports; and not the default's refusal of target.servers: this backend runs brought-in servers. */
    @Override
    public void check(Target target, Problems problems) {
        if (target.firstPort() > 0) {
            int last = LocalClusterSpec.httpPort(target.firstPort(), target.nodes());
            NodePorts.problem(target.firstPort()).or(() -> NodePorts.problem(last).map(p -> "node " + target.nodes() + ": " + p))
                    .ifPresent(p -> problems.add("firstPort", p));
        }
        checkNodeAddresses(target, problems);
        if (target.nodeCpus() != null && CpuLimit.hierarchy().isEmpty()) {
            problems.add("nodeCpus", "this machine has no cgroup that limits CPU (neither cgroup v2 with the cpu"
                    + " controller nor the v1 cpu controller under /sys/fs/cgroup): leave nodeCpus out here");
        }
    }

    /** One address per node, each once; and the bind guard, without which Nacos would take its gRPC and raft ports everywhere. */
    private static void checkNodeAddresses(Target target, Problems problems) {
        List<String> addresses = target.nodeAddresses();
        if (addresses.isEmpty()) {
            return;
        }
        if (addresses.size() != target.nodes()) {
            problems.add("nodeAddresses", addresses.size() + " addresses for " + target.nodes() + " nodes: give one per node");
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < addresses.size(); i++) {
            if (!seen.add(addresses.get(i))) {
                problems.add("nodeAddresses/" + i, addresses.get(i) + " is already node " + (addresses.indexOf(addresses.get(i)) + 1)
                        + "'s: each node has an address of its own");
            }
        }
        LoopbackGuard.warning().ifPresent(missing -> problems.add("nodeAddresses", "nodes at their own addresses need"
                + " the bind guard, which keeps each node's gRPC and raft ports on its address (" + missing + ")"));
    }

    @Override
    public Backend open(Target target, Path runDirectory, Consumer<String> progress) {
        int firstPort = target.firstPort() > 0 ? target.firstPort()
                : !target.nodeAddresses().isEmpty() ? LocalClusterSpec.DEFAULT_FIRST_PORT   // Nacos's own ports, as on hosts
                : LocalClusterSpec.firstFreePort(target.nodes(), LocalClusterSpec.DEFAULT_FIRST_PORT);
        LocalClusterSpec spec = new LocalClusterSpec(target.version(), target.nodes(), firstPort,
                runDirectory.resolve("cluster"), target.serverHeap(), LocalClusterSpec.DEFAULT_START_TIMEOUT, Map.of())
                .withNodeCpus(target.nodeCpus())
                .withNodeAddresses(target.nodeAddresses());
        NacosDistributions distributions = NacosDistributions.scan(LabHome.serverDistributions())
                .withBroughtIn(target.servers());
        return start(spec, distributions, target.storage(), progress);
    }

    /**
     * Starts the cluster {@code spec} describes on {@code storage}: with {@code mysql}, a
     * {@link LocalDatabase} in {@code <runDirectory>/database} first, which the cluster then owns
     * (for {@code run} and {@code cluster up} alike).
     */
    public static LocalCluster start(LocalClusterSpec spec, NacosDistributions distributions, Storage storage,
                                     Consumer<String> progress) {
        if (storage != Storage.MYSQL) {
            return LocalCluster.start(spec, distributions, progress);
        }
        LocalDatabase database = LocalDatabase.start(spec.runDirectory().resolve("database"),
                LocalDatabase.portFor(spec.firstPort()), distributions.require(spec.version()), spec.nodeAddresses(),
                progress);
        try {
            Map<String, String> properties = new LinkedHashMap<>(spec.serverProperties());
            properties.putAll(database.nacosProperties());
            return LocalCluster.start(spec.withServerProperties(properties), distributions, Optional.of(database),
                    progress);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }
}
