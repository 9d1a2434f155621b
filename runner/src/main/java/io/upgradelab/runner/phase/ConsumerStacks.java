package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.ConsumerStack;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.gateway.GatewayLoad;
import io.upgradelab.runner.gateway.StackRig;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Consumer stacks side by side through the same events: how a consumer rides a registry's flap depends on its
 * stack and its settings (Spring Cloud LoadBalancer's cache keeps routing to a dead instance, spring-cloud-alibaba
 * #3175; nacos-client's empty-push protection is off by default, alibaba/nacos #5163), and a team choosing settings
 * before an upgrade wants them measured on its own versions, one beside the other, not read from issues.
 */
@JsonTypeName("consumerStacks")
@JsonClassDescription("Consumer stacks side by side on the cluster as it stands, each calling instances it found"
        + " through it at 'rate' calls/s: the Dubbo probe on each of 'clients' (Dubbo 2.7 on 1.x, Dubbo 3.2 on 2.x and"
        + " later) with nacos-client's empty-push protection at each of 'pushEmptyProtection', in front of two Dubbo demo"
        + " providers; Spring Cloud Gateway with Spring Cloud LoadBalancer's cache at each of 'loadBalancerCache', in"
        + " front of two demo HTTP backends. Then each of 'events': instanceKill kills a provider and a backend (SIGKILL),"
        + " waits until every stack settles, starts a new one of each and waits until every stack reached it; nodeKill"
        + " kills Nacos node 'node' (SIGKILL) and starts it again. Per stack and event a 'consumerStack' journal line:"
        + " calls, failed calls, how long it kept failing, how soon it reached the new instance. With 'during', that phase"
        + " (a rollingServerUpgrade, say) runs whole under the stacks first, an event named by its kind. The report"
        + " compares the settings and recommends from what was measured. Everything the phase started stops when it ends.")
public record ConsumerStacks(
        @SchemaRef("clients") @JsonPropertyDescription("The Dubbo probes' nacos-client versions, one probe per version and protection."
                + " Default [1.4.1, 2.3.2]; a 2.x version needs every node serving 2.x.") List<String> clients,
        @SchemaRef("settings") @JsonPropertyDescription("nacos-client's namingPushEmptyProtection for each Dubbo probe. Default [false, true]:"
                + " each client once without, once with.") List<Boolean> pushEmptyProtection,
        @SchemaRef("settings") @JsonPropertyDescription("Spring Cloud LoadBalancer's cache in each gateway, one gateway per entry. Default"
                + " [true, false]; [] for no gateway. A gateway needs every node serving 2.x.") List<Boolean> loadBalancerCache,
        @SchemaRef("stackEvents") @JsonPropertyDescription("What happens under the stacks, in order: instanceKill, nodeKill. Default both.")
        List<String> events,
        @SchemaRef("positive") @JsonPropertyDescription("The Nacos node nodeKill kills, numbered from 1. Default 1.") int node,
        @SchemaRef("positive") @JsonPropertyDescription("Calls per second of each stack. Default 50.") int rate,
        @SchemaRef("port") @JsonPropertyDescription("The first demo backend's port on 127.0.0.1; the Dubbo demo providers"
                + " serve from firstPort + 50, the gateways from firstPort + 100. Default 22000.") int firstPort,
        @JsonPropertyDescription("A phase run whole under the stacks before the events (a rollingServerUpgrade, a"
                + " rollingClientUpgrade): each stack's failed calls through it, and how long from its start to its last"
                + " failed call. Its stacks are those the cluster serves when it starts. Default: none.") Phase during)
        implements Phase {

    /** The events a file can name, in the order they are described. */
    static final List<String> EVENTS = List.of(ConsumerStack.INSTANCE_KILL, ConsumerStack.NODE_KILL);
    /** A stack has settled once it answered without error for this long. */
    static final Duration SETTLE = Duration.ofSeconds(8);
    /** The longest the phase waits for a stack to settle, or to reach a new instance, per event. */
    static final Duration BOUND = Duration.ofSeconds(90);
    /** After a node is back, how long the stacks are watched before they may count as settled. */
    static final Duration AFTER_RESTART = Duration.ofSeconds(20);
    /** The longest a phase run under the stacks may take before they stop calling by themselves. */
    private static final Duration DURING_BOUND = Duration.ofHours(2);
    /** Starting the instances and stacks here, and each event with its waits, about this long. */
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration PER_EVENT = Duration.ofSeconds(60);

    public ConsumerStacks {
        clients = clients == null ? List.of("1.4.1", "2.3.2") : clients.stream().map(ClientVersions::canonical).toList();
        pushEmptyProtection = pushEmptyProtection == null ? List.of(false, true) : List.copyOf(pushEmptyProtection);
        loadBalancerCache = loadBalancerCache == null ? List.of(true, false) : List.copyOf(loadBalancerCache);
        events = events == null ? (during == null ? EVENTS : List.of()) : List.copyOf(events);
        node = node == 0 ? 1 : node;
        rate = rate == 0 ? 50 : rate;
        firstPort = firstPort == 0 ? 22000 : firstPort;
    }

    @Override
    public Phase resolve(FleetScale scale, Problems problems) {
        return during == null ? this : new ConsumerStacks(clients, pushEmptyProtection, loadBalancerCache, events, node, rate,
                firstPort, during.resolve(scale, problems.at("during")));
    }

    @Override
    public String title(PlannedState state) {
        List<String> what = new ArrayList<>(during == null ? List.of() : List.of(during.title(state)));
        what.addAll(events);
        return "consumer stacks side by side (" + dubbo().size() + " Dubbo, " + loadBalancerCache.size() + " gateway) through "
                + String.join(", ", what);
    }

    /** One Dubbo stack per client and protection, in that order. */
    List<StackRig.Dubbo> dubbo() {
        List<StackRig.Dubbo> all = new ArrayList<>();
        for (String client : clients) {
            for (boolean protection : pushEmptyProtection) {
                all.add(new StackRig.Dubbo(client, protection));
            }
        }
        return all;
    }

    @Override
    public Duration plan(PlannedState state, Problems problems) {
        for (String event : events) {
            if (!EVENTS.contains(event)) {
                problems.add("events", "'" + event + "' is no event: " + String.join(" or ", EVENTS));
            }
        }
        if (events.isEmpty() && during == null) {
            problems.add("events", "at least one event, or a phase 'during': the stacks are compared through what happens"
                    + " under them");
        }
        if (during instanceof ConsumerStacks) {
            problems.add("during", "consumer stacks under consumer stacks: their instances would share ports");
        }
        if (dubbo().isEmpty() && loadBalancerCache.isEmpty()) {
            problems.add("clients", "no stack: give clients (with pushEmptyProtection) or loadBalancerCache");
        }
        if (dubbo().size() + loadBalancerCache.size() > 8) {
            problems.add("clients", (dubbo().size() + loadBalancerCache.size()) + " stacks: at most 8 side by side");
        }
        if (rate < 1 || rate > 500) {
            problems.add("rate", rate + " calls/s: 1 to 500");
        }
        if (firstPort < 1024 || firstPort + 110 > 32767) {
            problems.add("firstPort", firstPort + ": the backends, providers (firstPort + 50) and gateways (firstPort + 100)"
                    + " need ports from 1024 to 32767, below the ephemeral range");
        }
        if (!state.servesTwoX()) {
            String twoX = clients.stream().filter(c -> !ClientVersions.isOneX(c)).collect(Collectors.joining(", "));
            if (!twoX.isEmpty()) {
                problems.add("clients", "nacos-client " + twoX + " (gRPC) is not served by a cluster in 1.x mode (nodes: "
                        + state.nodeVersions() + "): [1.4.1] here");
            }
            if (!loadBalancerCache.isEmpty()) {
                problems.add("loadBalancerCache", "the gateway runs nacos-client 3.0 (gRPC), which a cluster in 1.x mode"
                        + " does not serve: [] here");
            }
        }
        Duration underStacks = during == null ? Duration.ZERO : during.plan(state, problems.at("during"));
        if (events.contains(ConsumerStack.NODE_KILL)) {
            state.require(Capability.KILL, problems, "events");
            if (node < 1 || node > state.nodes()) {
                problems.add("node", "node " + node + " does not exist: the cluster has nodes 1 to " + state.nodes());
            }
        }
        return START.plus(underStacks).plus(PER_EVENT.multipliedBy(events.size()));
    }

    @Override
    public void run(RunContext run) throws InterruptedException {
        List<String> servers = versions(run);
        boolean oneXOnly = servers.stream().anyMatch(ClientVersions::isOneX);
        StackRig.Settings settings = new StackRig.Settings(run.cluster().serverAddresses(), run.cluster().credentials(),
                dubbo(), loadBalancerCache, oneXOnly ? "1.4.1" : "2.3.2", rate, firstPort,
                START.plus(PER_EVENT.plus(BOUND).multipliedBy(events.size() + 1))
                        .plus(during == null ? Duration.ZERO : DURING_BOUND));
        run.say("consumer stacks: starting " + settings.dubbo().size() + " Dubbo probes and " + loadBalancerCache.size()
                + " gateways, with their instances");
        try (GatewayLoad.Stacks stacks = run.gatewayLoad().stacks(settings, run.phaseFile("stacks", "rig").path(),
                run::say)) {
            if (during != null) {
                run.say("consumer stacks: " + during.kind() + " under " + String.join("; ", stacks.names()));
                record(run, during.kind(), stacks.through(() -> during.run(run), Duration.ZERO, SETTLE, BOUND));
            }
            for (String event : events) {
                run.say("consumer stacks: " + event + " under " + String.join("; ", stacks.names()));
                record(run, event, ConsumerStack.INSTANCE_KILL.equals(event)
                        ? stacks.killAnInstance(SETTLE, BOUND)
                        : stacks.through(() -> killAndStart(run), AFTER_RESTART, SETTLE, BOUND));
            }
        }
    }

    private void record(RunContext run, String event, List<GatewayLoad.Outcome> outcomes) {
        List<String> now = versions(run);
        for (GatewayLoad.Outcome outcome : outcomes) {
            ConsumerStack line = new ConsumerStack(outcome.stack(), event, outcome.flap().calls(),
                    outcome.flap().errors(), outcome.flap().secondsToStop(),
                    outcome.secondsToNew().isPresent() ? outcome.secondsToNew().getAsDouble() : null,
                    outcome.flap().settled(), rate, now);
            run.record(line);
            run.say("consumer stacks: " + line.describe());
        }
    }

    private void killAndStart(RunContext run) {
        run.say("consumer stacks: killing node " + node + " (SIGKILL), then starting it again");
        run.cluster().stopNode(node, StopMode.KILL);
        run.cluster().startNode(node);
    }

    private static List<String> versions(RunContext run) {
        return run.cluster().nodes().stream().map(NodeStatus::version).toList();
    }
}
