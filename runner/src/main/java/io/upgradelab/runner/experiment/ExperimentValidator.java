package io.upgradelab.runner.experiment;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.ClientAuth;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.backend.local.NodePorts;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.NacosVersions;
import io.upgradelab.runner.observe.ObservationSet;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import io.upgradelab.runner.observe.signals.PrometheusText;
import io.upgradelab.runner.observe.signals.SignalSpec;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.phase.RollingServerUpgrade;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks only context can make: each phase planned in order from the state the ones before it
 * leave ({@link Phase#plan}), which gives both the problems (a 2.x client before the servers are
 * upgraded, a scale-down above the fleet's size) and the {@link Timeline}; and the server versions
 * against the distributions this build laid out.
 */
public final class ExperimentValidator {

    /** The shortest observation period: each observation asks every node and the fleet. */
    static final Duration SHORTEST_OBSERVATION = Duration.ofSeconds(1);
    /** The longest plan: keeps every deadline the engine computes far from overflow. */
    static final Duration LONGEST_RUN = Duration.ofDays(31);
    /** A standalone node starts in about 20 s here (bench/cluster-boot). */
    static final Duration STANDALONE_START = Duration.ofSeconds(20);
    /** A 3-node 1.4.1 cluster forms in about 50 s on a 2-core machine; each further node adds some. */
    static final Duration CLUSTER_START = Duration.ofSeconds(50);
    static final Duration PER_EXTRA_NODE = Duration.ofSeconds(15);
    /** The fleet JVM, the demo providers and the probe's unrecorded JIT warm-up. */
    static final Duration LOAD_START = Duration.ofSeconds(30);

    /** The most config bytes (count x sizeBytes) published: each observation reads them all from every node. */
    static final long MOST_CONFIG_BYTES = 16L * 1024 * 1024;
    /** The most config bytes changed per second (changed x sizeBytes / changeEvery), through every node's storage. */
    static final long MOST_CONFIG_BYTES_PER_SECOND = 1024L * 1024;

    private static final String LOCAL = "local";

    private ExperimentValidator() {
    }

    /**
     * Plans {@code experiment} phase by phase, reporting each phase's problems at
     * {@code /phases/<i>/...}; returns the timeline, also when there were problems.
     */
    public static Timeline plan(Experiment experiment, Problems problems) {
        String backendName = experiment.target().backend();
        PlannedState state = new PlannedState(experiment.target().nodes(), experiment.target().version(),
                experiment.fleet().clientVersion(), experiment.probe().demoProviders(), backendName,
                Backends.named(backendName).map(b -> b.capabilities(experiment.target()))
                        .orElse(EnumSet.allOf(Capability.class)));
        FleetScale scale = experiment.fleetScale();
        String probeClient = experiment.probe().clientVersion();
        if (!ClientVersions.isOneX(probeClient) && !state.servesTwoX()) {
            problems.add(experiment.probe().clientPointer(), "a 2.x probe (nacos-client " + ClientVersions.canonical(probeClient)
                    + ") needs 2.x servers out of 1.x-compatible mode; the cluster starts on "
                    + experiment.target().version() + ": use 1x, which works on both");
        }
        if (experiment.fleet().providersPerClient() > experiment.fleet().services()) {
            problems.add("/fleet/providersPerClient", "a client registers at most one provider per service: "
                    + experiment.fleet().providersPerClient() + " per client needs at least as many services (has "
                    + experiment.fleet().services() + ")");
        }
        checkRanges(experiment, problems);
        ExperimentAddresses.check(experiment, problems);
        Backends.named(experiment.target().backend())
                .ifPresent(backend -> backend.check(experiment.target(), problems.at("/target")));
        Duration setUp = setUpTime(experiment.target());
        Duration at = setUp;
        List<Timeline.PlannedPhase> planned = new ArrayList<>();
        for (int i = 0; i < experiment.phases().size(); i++) {
            Problems here = problems.at("/phases/" + i);
            Phase phase = experiment.phases().get(i).resolve(scale, here);
            String title = phase.title(state);
            Duration expected = phase.plan(state, here);
            if (state.providers() > FleetScale.MAX_PROVIDERS) {
                here.add("providers", "times the scale (" + scale.factor() + ") is more than the "
                        + FleetScale.MAX_PROVIDERS + " providers the lab takes");
                break;   // what follows would be planned from a fleet no run has
            }
            planned.add(new Timeline.PlannedPhase(i + 1, phase, title, at, expected, state.providers(),
                    state.providersByGeneration(), state.nodeVersions()));
            at = at.plus(expected);
        }
        Timeline timeline = new Timeline(setUp, setUpTitle(experiment), planned);
        if (timeline.total().compareTo(LONGEST_RUN) > 0) {
            problems.add("/phases", "the plan runs " + Durations.text(timeline.total()) + ", longer than "
                    + Durations.text(LONGEST_RUN) + ", the longest run the lab takes: fewer phases, shorter holds"
                    + " or higher rates");
        }
        return timeline;
    }

    /** Each signal one kind, read one way, its metric selector readable, its name its own. */
    private static void checkSignals(Experiment experiment, Problems problems) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < experiment.signals().size(); i++) {
            SignalSpec signal = experiment.signals().get(i);
            Problems here = problems.at("/signals/" + i);
            signal.check(here);
            if (!names.add(signal.name())) {
                here.add("name", "another signal is named " + signal.name() + ": criteria name a signal, so each name once");
            }
            if (signal.prometheus() != null && signal.prometheus().metric() != null) {
                try {
                    PrometheusText.selector(signal.prometheus().metric());
                } catch (IllegalArgumentException e) {
                    here.add("prometheus/metric", e.getMessage());
                }
            }
        }
    }

    /** The ranges the schema cannot say: durations' lower bounds and heap sizes. */
    private static void checkRanges(Experiment experiment, Problems problems) {
        if (experiment.observeEvery().compareTo(SHORTEST_OBSERVATION) < 0) {
            problems.add("/observeEvery", Durations.exact(experiment.observeEvery()) + " is too often: at least "
                    + Durations.exact(SHORTEST_OBSERVATION) + " (each observation asks every node and the fleet)");
        }
        if (experiment.probe().timeout().isZero()) {
            problems.add("/probe/timeout", "a call needs more than 0s to answer");
        }
        checkMetricsPort(experiment, problems);
        checkSignals(experiment, problems);
        checkCompatibilityApis(experiment, problems);
        checkOneXAgainstThreeTwo(experiment, problems);
        checkClientAuth(experiment, problems);
        HeapSizes.problem(experiment.target().serverHeap()).ifPresent(p -> problems.add("/target/serverHeap", p));
        HeapSizes.problem(experiment.fleet().heap()).ifPresent(p -> problems.add("/fleet/heap", p));
        if (experiment.configs() != null) {
            checkConfigs(experiment.configs(), problems);
            String version = experiment.target().version();
            if (experiment.configs().alsoInPublic() > 0 && version != null && NacosVersions.isOneX(version)) {
                problems.add("/configs/alsoInPublic", "configs in namespace 'public' are written by a 2.x client"
                        + " over gRPC, which a " + version + " server (target.version) does not serve: 0, or a 2.x"
                        + " server at the start");
            }
            if (experiment.observation() == ObservationSet.MINIMAL) {
                problems.add("/observation", "'minimal' leaves the configs unchecked and unchanged: use 'full' with"
                        + " a configs section, or drop the section");
            }
        }
    }

    /**
     * A client-auth setting that cannot act is a mistake a run would not show: a fleet kept from logging
     * in to a cluster that asks no client for a user would register as always, and the run would pass as
     * if the team's clients without a user were safe.
     */
    private static void checkClientAuth(Experiment experiment, Problems problems) {
        Target target = experiment.target();
        boolean local = LOCAL.equals(target.backend());
        if (!experiment.fleet().logsIn()) {
            boolean asked = local ? target.local().clientAuth() != ClientAuth.OFF
                    : target.external() != null && target.external().credentials() != null;
            if (!asked) {
                problems.add("/fleet/logsIn", "false changes nothing here: no node asks the clients for a user ("
                        + (local ? "target.local.clientAuth is off: everyNode or threeXNodes" : "a cluster with auth"
                        + " on is named by target.external.credentials") + ")");
            }
        }
        if (local && target.local().clientAuth() == ClientAuth.THREE_X_NODES && !reachesThreeX(experiment)) {
            problems.add("/target/local/clientAuth", "threeXNodes changes nothing here: no node runs 3.x (target.version"
                    + " " + target.version() + ", and no rollingServerUpgrade to 3.x): everyNode, or upgrade to 3.x");
        }
    }

    /** Whether a node of the run runs 3.x: from the start, or after a rolling server upgrade. */
    private static boolean reachesThreeX(Experiment experiment) {
        String start = experiment.target().version();
        return start != null && NacosVersions.isThreeX(start) || experiment.phases().stream()
                .anyMatch(p -> p instanceof RollingServerUpgrade u && NacosVersions.isThreeX(u.to()));
    }

    /**
     * A 3.x node with its v1 and v2 APIs off ({@code target.local.compatibilityApis: false}) serves no
     * nacos-client 1.x: a 1.x fleet or probe, or the 1.x config listener every configs section keeps,
     * would fail only once the run reached a 3.x node.
     */
    private static void checkCompatibilityApis(Experiment experiment, Problems problems) {
        Target target = experiment.target();
        if (!LOCAL.equals(target.backend()) || !Boolean.FALSE.equals(target.local().compatibilityApis())) {
            return;
        }
        boolean threeX = reachesThreeX(experiment);
        List<String> users = oneXUsers(experiment, "the fleet or probe runs", experiment.clientVersions());
        if (threeX && !users.isEmpty()) {
            problems.add("/target/local/compatibilityApis", "false leaves the 3.x nodes no v1 API, which nacos-client"
                    + " 1.x calls: " + String.join(", and ", users) + " (true or leave it out, or no 1.x client)");
        }
    }

    /**
     * A server of 3.2 or later (a brought-in archive, a team's cluster) has no v1 API to switch on. The
     * probe and the configs' 1.x listener speak their client the whole run, so any such version in the
     * file refuses them; the fleet's client changes with the phases, so at the start only its first
     * version counts here ({@code rollingServerUpgrade} checks the fleet it meets).
     */
    private static void checkOneXAgainstThreeTwo(Experiment experiment, Problems problems) {
        List<String> users = oneXUsers(experiment, "the probe runs", List.of(experiment.probe().clientVersion()));
        String start = experiment.target().version();
        String fleet = ClientVersions.canonical(experiment.fleet().clientVersion());
        if (start != null && NacosVersions.withoutV1(start) && ClientVersions.isOneX(fleet)) {
            users.add(0, "the fleet starts on " + fleet);
        }
        Map<String, String> versions = new LinkedHashMap<>();
        if (start != null) {
            versions.put("/target/version", start);
        }
        for (int i = 0; i < experiment.phases().size(); i++) {
            if (experiment.phases().get(i) instanceof RollingServerUpgrade u) {
                versions.put("/phases/" + i + "/to", u.to());
            }
        }
        versions.entrySet().stream().filter(v -> NacosVersions.withoutV1(v.getValue())).findFirst()
                .filter(v -> !users.isEmpty())
                .ifPresent(v -> problems.add(v.getKey(), "Nacos " + v.getValue() + " has no v1 API (3.2 removed"
                        + " it), which nacos-client 1.x calls: " + String.join(", and ", users)
                        + " (nacos-client 2.x or later there)"));
    }

    /**
     * What of the experiment speaks nacos-client 1.x: those of {@code clients} that are 1.x, said as {@code
     * whose} runs them, and the configs section's 1.x listener.
     */
    private static List<String> oneXUsers(Experiment experiment, String whose, List<String> clients) {
        List<String> oneX = clients.stream().map(ClientVersions::canonical).filter(ClientVersions::isOneX).distinct()
                .toList();
        List<String> users = new ArrayList<>();
        if (!oneX.isEmpty()) {
            users.add(whose + " " + String.join(", ", oneX));
        }
        if (experiment.configs() != null) {
            users.add("the configs section keeps a 1.x listener");
        }
        return users;
    }

    /**
     * The live metrics' port against the nodes' ports, where both are fixed in the file (backend local or
     * testcontainers with firstPort, the nodes on 127.0.0.1): one of them would fail to listen only at run.
     */
    private static void checkMetricsPort(Experiment experiment, Problems problems) {
        Target target = experiment.target();
        boolean fixed = target.firstPort() > 0 && target.local().nodeAddresses().isEmpty()
                && (LOCAL.equals(target.backend()) || "testcontainers".equals(target.backend()));
        if (experiment.metrics() == null || !fixed) {
            return;
        }
        int port = experiment.metrics().port();
        for (int node = 1; node <= target.nodes(); node++) {
            String purpose = new NodePorts(LocalClusterSpec.httpPort(target.firstPort(), node)).byPurpose().get(port);
            if (purpose != null) {
                problems.add("/metrics/port", port + " is node " + node + "'s " + purpose + " port (target.firstPort "
                        + target.firstPort() + "): each port has one listener; choose another, or another firstPort");
            }
        }
    }

    /** The configs section's bounds that depend on each other, and its durations' lower bounds. */
    private static void checkConfigs(ConfigsSpec configs, Problems problems) {
        if (configs.changed() > configs.count()) {
            problems.add("/configs/changed", configs.changed() + " configs changed at once is more than the "
                    + configs.count() + " published (count)");
        }
        if (configs.alsoInPublic() > configs.count()) {
            problems.add("/configs/alsoInPublic", configs.alsoInPublic() + " configs also in namespace 'public' is"
                    + " more than the " + configs.count() + " published (count)");
        }
        if (configs.changeEvery().compareTo(SHORTEST_OBSERVATION) < 0) {
            problems.add("/configs/changeEvery", Durations.exact(configs.changeEvery()) + " is too often: at least "
                    + Durations.exact(SHORTEST_OBSERVATION));
        }
        long published = (long) configs.count() * configs.sizeBytes();
        if (published > MOST_CONFIG_BYTES) {
            problems.add("/configs/sizeBytes", configs.count() + " configs x " + configs.sizeBytes() + " bytes is "
                    + published + " bytes published, more than the " + MOST_CONFIG_BYTES + " (16 MiB) the lab keeps"
                    + " and checks on every node at every observation: fewer or smaller configs");
        }
        if (!configs.changeEvery().isZero()) {
            long perSecond = (long) configs.changed() * configs.sizeBytes() * 1000 / configs.changeEvery().toMillis();
            if (perSecond > MOST_CONFIG_BYTES_PER_SECOND) {
                problems.add("/configs/changeEvery", configs.changed() + " configs x " + configs.sizeBytes()
                        + " bytes every " + Durations.exact(configs.changeEvery()) + " is " + perSecond + " bytes/s of"
                        + " changes, more than the " + MOST_CONFIG_BYTES_PER_SECOND + " (1 MiB/s) the lab writes:"
                        + " change fewer or smaller configs, or less often");
            }
        }
        if (configs.settle().compareTo(SHORTEST_OBSERVATION) < 0) {
            problems.add("/configs/settle", Durations.exact(configs.settle()) + " is too short for a change to reach"
                    + " every node and listener: at least " + Durations.exact(SHORTEST_OBSERVATION));
        }
    }

    /**
     * Reports each server the file brings (target.local.servers) that cannot run, at its version's line,
     * and each server version the file names (target.version, every rollingServerUpgrade.to) that
     * neither this build nor the file provides. Returns false, checking the names, when the build
     * has laid out no distribution (the distributions are not built). Only the local backend runs
     * these distributions; other backends' versions are images or the user's own upgrade commands.
     */
    public static boolean checkVersions(Experiment experiment, NacosDistributions distributions, Problems problems) {
        if (!LOCAL.equals(experiment.target().backend())) {
            return true;
        }
        Map<String, String> servers = experiment.target().local().servers();
        Set<String> known = new LinkedHashSet<>(distributions.withBroughtIn(servers,
                (version, problem) -> problems.add("/target/local/servers/" + version, problem)).versions());
        if (distributions.versions().isEmpty()) {
            return false;
        }
        known.addAll(servers.keySet());   // one that cannot run is an error at its own line already
        String has = ": this build has " + String.join(", ", known) + " (see 'upgrade-lab versions')";
        if (!known.contains(experiment.target().version())) {
            problems.add("/target/version", "unknown Nacos version '" + experiment.target().version() + "'" + has);
        }
        for (int i = 0; i < experiment.phases().size(); i++) {
            if (experiment.phases().get(i) instanceof RollingServerUpgrade upgrade && !known.contains(upgrade.to())) {
                problems.add("/phases/" + i + "/to", "unknown Nacos version '" + upgrade.to() + "'" + has);
            }
        }
        return true;
    }

    /**
     * Reports each client version the file names (fleet and probe client, every rollingClientUpgrade.to)
     * that this build does not lay out, with the versions it has. Returns false, checking nothing,
     * when the build has laid out no client version (shading/ is not built). Every backend runs the
     * fleet, the demo providers and the probe here, so every backend needs them.
     */
    public static boolean checkClients(Experiment experiment, ClientDistributions clients, Problems problems) {
        if (clients.versions().isEmpty()) {
            return false;
        }
        Map<String, String> named = new LinkedHashMap<>();
        named.put(experiment.fleet().clientPointer(), experiment.fleet().clientVersion());
        named.put(experiment.probe().clientPointer(), experiment.probe().clientVersion());
        for (int i = 0; i < experiment.phases().size(); i++) {
            if (experiment.phases().get(i) instanceof RollingClientUpgrade upgrade) {
                named.put("/phases/" + i + "/to", upgrade.to());
            }
        }
        named.forEach((pointer, name) -> {
            if (clients.find(name).isEmpty()) {
                problems.add(pointer, clients.unknown(name));
            }
        });
        return true;
    }

    /** Expected time from start to the first phase: the cluster, then the load and the probe. */
    static Duration setUpTime(Target target) {
        Duration cluster = target.nodes() == 1 ? STANDALONE_START
                : CLUSTER_START.plus(PER_EXTRA_NODE.multipliedBy(Math.max(0, target.nodes() - 3)));
        return cluster.plus(LOAD_START);
    }

    private static String setUpTitle(Experiment experiment) {
        Target target = experiment.target();
        String cluster = target.nodes() == 1 ? "a standalone Nacos " + target.version()
                : "a " + target.nodes() + "-node Nacos " + target.version() + " cluster";
        if (target.local().storage() == Storage.MYSQL) {
            cluster += " on MySQL (a lab-managed MariaDB)";
        }
        return "start " + cluster + ", the fleet, " + experiment.probe().demoProviders()
                + " demo providers and the probe";
    }
}
