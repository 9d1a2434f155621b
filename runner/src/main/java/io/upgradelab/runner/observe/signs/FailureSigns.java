package io.upgradelab.runner.observe.signs;

import io.upgradelab.journal.FailureSignWarning;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.journal.SignsWatched;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.ClusterMember;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.Observer;
import io.upgradelab.journal.UpgradeSample;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Follows each node's log and the cluster's upgrade state for the known failure signs ({@link Signs})
 * and journals each as a {@code warning} of kind {@code failureSign}, naming the node and the line
 * ({@link SignLedger} keeps repeats to one warning a minute, with their count, and one at the end of
 * each phase, so a repeat counts in the phase it happened in). Where the backend keeps
 * no logs the lab can read, only the state is watched; the first round says what is watched
 * ({@code signsWatched}), since a gate must not take "nothing seen" for "nothing watched".
 */
public final class FailureSigns implements Observer {

    /** How often a sign repeating on a node is journalled again, with the count of its repeats. */
    static final Duration REPEAT_WINDOW = Duration.ofMinutes(1);

    private final Clock clock = Clock.systemUTC();
    private final SignLedger ledger = new SignLedger(REPEAT_WINDOW);
    private final List<StateRule> rules = Signs.IN_STATE.stream().map(s -> s.rule().get()).toList();
    private List<NodeLogs> logs;
    /** The fleet's log, where the backend keeps it on this machine: {@link FailureSignWarning#CLIENTS}. */
    private Optional<NodeLogs> clientLogs;

    @Override
    public String name() {
        return "failureSigns";
    }

    /** Reads what the nodes logged since the last run, and asks each node its cluster state. */
    @Override
    public boolean expensive() {
        return true;
    }

    /** After the upgrade status and the instance counts of the round, which its state rules read. */
    @Override
    public int stage() {
        return 2;
    }

    @Override
    public synchronized void observe(Observed observed, Observations into, Journal journal) {
        if (logs == null) {
            logs = follow(observed.cluster());
            clientLogs = observed.fleet().log().map(log -> new NodeLogs(FailureSignWarning.CLIENTS, Signs.FLEET_LOG, log));
            journal.append(watched(observed.cluster().nodes(), logs, clientLogs.isPresent()));
        }
        for (NodeLogs node : logs) {
            for (NodeLogs.Seen seen : node.newSigns(Signs.IN_LOGS)) {
                ledger.logLine(seen.sign(), node.node(), seen.line(), clock.instant()).forEach(journal::append);
            }
            into.logBytesRead(node.node(), node.bytesRead());
        }
        clientLogs.ifPresent(fleet -> fleet.newSigns(Signs.IN_CLIENT_LOGS).forEach(seen -> ledger.logLine(seen.sign(),
                FailureSignWarning.CLIENTS, "fleet: " + seen.line().trim(), clock.instant()).forEach(journal::append)));
        ClusterState state = state(observed.cluster(), into);
        for (int i = 0; i < rules.size(); i++) {
            ledger.state(Signs.IN_STATE.get(i), rules.get(i).holding(state), clock.instant()).forEach(journal::append);
        }
        ledger.due(clock.instant()).forEach(journal::append);
    }

    /** A phase ends: its signs' repeats are journalled in it. */
    @Override
    public synchronized void flush(Observed observed, Journal journal) {
        ledger.all(clock.instant()).forEach(journal::append);
    }

    /** A follower of the sign-bearing logs of each node whose backend keeps them where the lab reads. */
    private static List<NodeLogs> follow(Backend cluster) {
        List<NodeLogs> followed = new ArrayList<>();
        for (NodeStatus node : cluster.nodes()) {
            Optional<Path> directory = cluster.logDirectory(node.number());
            directory.ifPresent(d -> followed.add(new NodeLogs(node.number(), d, Signs.logFiles())));
        }
        return followed;
    }

    /** What is watched: the state signs everywhere, the log signs where there are logs, the clients' with the fleet's log. */
    static SignsWatched watched(List<NodeStatus> nodes, List<NodeLogs> logs, boolean clientLogs) {
        List<String> signs = new ArrayList<>(logs.isEmpty() ? List.of() : Signs.logSignNames());
        if (clientLogs) {
            signs.addAll(Signs.clientLogSignNames());
        }
        Signs.IN_STATE.forEach(s -> signs.add(s.sign()));
        Set<Integer> withLogs = logs.stream().map(NodeLogs::node).collect(Collectors.toSet());
        List<Integer> without = nodes.stream().map(NodeStatus::number).filter(n -> !withLogs.contains(n)).toList();
        String message = without.isEmpty() ? null : "no log the lab can read on node " + ClusterState.numbers(without)
                + ": " + String.join(", ", Signs.logSignNames()) + " not watched there";
        return new SignsWatched(signs, logs.stream().map(l -> new SignsWatched.NodeLogs(l.node(), l.files())).toList(),
                message);
    }

    /** The cluster this round, for the state rules: asking the nodes only what a rule needs now. */
    private static ClusterState state(Backend cluster, Observations into) {
        List<NodeStatus> nodes = cluster.nodes();
        Set<Integer> reachable = into.nodes().stream().filter(NodeSample::reachable).map(NodeSample::node)
                .collect(Collectors.toSet());
        Map<Integer, UpgradeSample> upgrades = into.upgrades().stream()
                .collect(Collectors.toMap(UpgradeSample::node, Function.identity()));
        Map<Integer, Boolean> ready = new HashMap<>();
        Map<Integer, Boolean> grpc = new HashMap<>();
        Map<Integer, String> unready = new HashMap<>();
        for (NodeStatus node : nodes) {
            UpgradeSample upgrade = upgrades.get(node.number());
            if (upgrade != null && !upgrade.upgraded()) {
                readyToUpgrade(cluster.api(node.number()), node).ifPresent(r -> ready.put(node.number(), r));
            }
            if (!NacosVersions.isOneX(node.version()) && node.state() == NodeState.UP
                    && reachable.contains(node.number())) {
                grpc.put(node.number(), cluster.api(node.number()).acceptsGrpcClients());
            }
            if (!NacosVersions.isOneX(node.version()) && node.state() == NodeState.UP) {
                unready(cluster.api(node.number())).ifPresent(said -> unready.put(node.number(), said));
            }
        }
        return new ClusterState(nodes, reachable, upgrades, ready, grpc, unready);
    }

    /** What a node that answers its readiness check says when it fails it; empty when ready or not answering. */
    private static Optional<String> unready(NacosApi api) {
        try {
            return api.unready();
        } catch (NacosApi.NacosApiException e) {
            return Optional.empty();   // not answering: no word this round
        }
    }

    /** What {@code node} says of itself: whether it passed its check for the switch to 2.x mode. */
    private static Optional<Boolean> readyToUpgrade(NacosApi api, NodeStatus node) {
        try {
            return api.members().stream().filter(m -> m.address().equals(node.address()))
                    .map(ClusterMember::readyToUpgrade).filter(r -> r != null).findFirst();
        } catch (NacosApi.NacosApiException e) {
            return Optional.empty();   // not answering: no word this round
        }
    }
}
