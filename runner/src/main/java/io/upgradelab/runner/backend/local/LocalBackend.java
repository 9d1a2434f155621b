package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.BackendType;
import io.upgradelab.runner.backend.LocalTarget;
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
 * apart) or each at an address of its own ({@code target.local.nodeAddresses}, Nacos's standard ports), on
 * their embedded store or, with {@code target.local.storage: mysql}, on a lab-managed MariaDB ({@link LocalDatabase}).
 * Its settings are {@code target.local} ({@link LocalTarget}).
 */
public final class LocalBackend implements BackendType {

    @Override
    public String name() {
        return "local";
    }

    @Override
    public Optional<Class<? extends Record>> settings() {
        return Optional.of(LocalTarget.class);
    }

    /**
     * Every one, but a network fault between a node and its peers or clients alone where the nodes
     * share 127.0.0.1 (only their own addresses tell peers from clients). Delay needs this kernel's
     * netem, loss and partition iptables (refused at run time without them).
     */
    @Override
    public Set<Capability> capabilities(Target target) {
        Set<Capability> all = EnumSet.allOf(Capability.class);
        if (target.local().nodeAddresses().isEmpty()) {
            all.remove(Capability.NETWORK_BETWEEN);
        }
        return all;
    }

    /** The ports, the nodes' addresses, a start timeout, and a CPU limit this machine can set. */
    @Override
    public void check(Target target, Problems problems) {
        if (target.firstPort() > 0) {
            int last = LocalClusterSpec.httpPort(target.firstPort(), target.nodes());
            NodePorts.problem(target.firstPort()).or(() -> NodePorts.problem(last).map(p -> "node " + target.nodes() + ": " + p))
                    .ifPresent(p -> problems.add("firstPort", p));
        }
        Problems local = problems.at("local");
        checkNodeAddresses(target, local);
        if (target.local().startTimeout().isZero()) {
            local.add("startTimeout", "0s leaves a node no time to start: at least 1s (default 3m)");
        }
        if (!target.local().schemaUpgrade() && target.local().storage() != Storage.MYSQL) {
            local.add("schemaUpgrade", "false skips the schema step of a shared database: needs storage: mysql"
                    + " (the embedded store's schema is each node's own)");
        }
        if (target.local().nodeCpus() != null && CpuLimit.hierarchy().isEmpty()) {
            local.add("nodeCpus", "this machine has no cgroup that limits CPU (neither cgroup v2 with the cpu"
                    + " controller nor the v1 cpu controller under /sys/fs/cgroup): leave nodeCpus out here");
        }
    }

    /**
     * One address per node, each once; and the bind guard, without which Nacos would take its gRPC and raft
     * ports everywhere. {@code problems} is the local section's.
     */
    private static void checkNodeAddresses(Target target, Problems problems) {
        List<String> addresses = target.local().nodeAddresses();
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
        LocalTarget local = target.local();
        int firstPort = target.firstPort() > 0 ? target.firstPort()
                : !local.nodeAddresses().isEmpty() ? LocalClusterSpec.DEFAULT_FIRST_PORT   // Nacos's own ports, as on hosts
                : LocalClusterSpec.firstFreePort(target.nodes(), LocalClusterSpec.DEFAULT_FIRST_PORT);
        LocalClusterSpec spec = new LocalClusterSpec(target.version(), target.nodes(), firstPort,
                runDirectory.resolve("cluster"), target.serverHeap(), local.startTimeout(),
                local.compatibilityProperties())
                .withNodeCpus(local.nodeCpus())
                .withNodeAddresses(local.nodeAddresses())
                .withClientAuth(local.clientAuth());
        NacosDistributions distributions = NacosDistributions.installed()
                .withBroughtIn(local.servers());
        LocalCluster cluster = start(spec, distributions, local.storage(), progress);
        if (!local.schemaUpgrade()) {
            cluster.database().ifPresent(LocalDatabase::skipSchemaUpgrades);
        }
        return cluster;
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
