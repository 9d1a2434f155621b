package io.upgradelab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.NamingBenchmark;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.ExperimentBinder;
import io.upgradelab.runner.experiment.ExperimentFile;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.experiment.FakeDistributions;
import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.fault.Fault;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.fixture.FakeBackend;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.phase.PhaseFailure;
import io.upgradelab.runner.phase.WaitUntil;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every phase, condition and fault kind, found as production finds them (the kinds' index the build
 * writes, through {@link ExperimentBinder#PHASES}, {@link ExperimentBinder#CONDITIONS} and {@link Faults}),
 * taken through what a run does with it: bound from an experiment file and planned as {@code validate}
 * does ({@link Experiments#validate}: schema, binding, plan), described (its title in the plan must
 * name its essentials), and run against the fixture's fakes ({@link FakeRunContext}, {@link FakeBackend})
 * with an effect asserted on them. Each kind needs a minimal example in the tables below: a kind without
 * one fails here, so a new kind is tested the day it is written; an example whose kind is gone fails too.
 *
 * <p>Each example stands in an experiment of 3 nodes on its version, fleet and probe on nacos-client
 * 1.4.1 with 2 demo providers, that first ramps to 100 providers; the phases before it run on the fakes
 * as well, so it runs from the state they leave.
 */
class KindContractTest {

    private static final String[] SERVERS = {"1.4.0", "1.4.1", "2.0.4", "2.3.2", "3.1.0"};
    private static final String[] CLIENTS = {"1.4.1", "2.0.4", "2.3.2"};

    /**
     * A phase kind's example: the version its cluster starts on, the phase as a file writes it, what its
     * title must name, and what running it must leave on the fakes.
     */
    private record PhaseExample(String version, String yaml, List<String> names, Consumer<Ran> effect) {
    }

    /**
     * A condition kind's example, bound and planned inside a {@code waitUntil} (timeout 1m): the version
     * its cluster starts on, the condition as a file writes it, what its description must name, and what
     * to do to the fakes so that it holds, and so that it does not.
     */
    private record ConditionExample(String version, String yaml, List<String> names, Consumer<FakeRunContext> holds,
                                    Consumer<FakeRunContext> doesNotHold) {
    }

    /**
     * A fault's example, on node 2 for 10s of a 1.4.1 cluster: its own fields, what its description must
     * name, and the calls it makes, in order.
     */
    private record FaultExample(String fields, List<String> names, List<String> calls) {
    }

    private static final Map<String, PhaseExample> PHASES = Map.ofEntries(
            Map.entry("benchmark", new PhaseExample("1.4.1", """
                    kind: benchmark
                    api: http
                    operations: [register, deregister]
                    clients: 1
                    threads: 1
                    services: 1
                    instances: 1
                    for: 5s
                    """, List.of("benchmark register, deregister", "the HTTP API", "1x1 threads"), ran -> {
                        assertThat(ran.types()).containsExactly("benchmark", "benchmark");
                        assertThat(ran.run().lines(NamingBenchmark.class))
                                .extracting(NamingBenchmark::operation, NamingBenchmark::attempted, NamingBenchmark::succeeded)
                                .containsExactly(tuple("register", 1L, 1L), tuple("deregister", 1L, 1L));
                        assertThat(ran.callsOf("phaseFile")).containsExactly(
                                "phaseFile [benchmark/phase-2-register.jtl]", "phaseFile [benchmark/phase-2-deregister.jtl]");
                        assertThat(ran.run().fakeCluster().standIns().requestsTo("v1/ns/instance"))
                                .extracting(r -> r.split(" ")[2]).containsExactly("POST", "DELETE");
                        assertThat(ran.run().fakeCluster().standIns().requestsTo("v1/ns/service")).hasSize(1);
                    })),
            Map.entry("fault", new PhaseExample("1.4.1", """
                    kind: fault
                    fault: kill
                    node: 2
                    for: 10s
                    """, List.of("kill node 2"), ran -> {
                        assertThat(ran.calls()).containsExactly("stopNode [2, KILL]",
                                "record [fault, {action=killed, fault=kill, node=2}]", "pause [PT10S]", "startNode [2]",
                                "record [fault, {action=started, fault=kill, node=2}]");
                        assertThat(ran.run().fakeCluster().state(2)).isEqualTo(NodeState.UP);
                    })),
            Map.entry("hold", new PhaseExample("1.4.1", """
                    kind: hold
                    for: 30s
                    """, List.of("hold 30s", "100 providers"), ran -> {
                        assertThat(ran.calls()).containsExactly("pause [PT30S]");
                        assertThat(ran.took()).isEqualTo(Duration.ofSeconds(30));
                    })),
            Map.entry("rampTo", new PhaseExample("1.4.1", """
                    kind: rampTo
                    providers: 150
                    rate: 50
                    """, List.of("ramp to 150 providers"), ran -> {
                        assertThat(ran.callsOf("fleet.scaleTo")).containsExactly("fleet.scaleTo [150, 50.0, 1.4.1]");
                        assertThat(ran.run().fakeFleet().status().providers()).containsExactly(Map.entry("1.4.1", 150));
                        assertThat(ran.types()).containsExactly("fleetScaled");
                        assertThat(ran.journal().get(0)).containsEntry("providers", 150).containsEntry("target", 150);
                    })),
            Map.entry("rollingClientUpgrade", new PhaseExample("2.3.2", """
                    kind: rollingClientUpgrade
                    to: 2.3.2
                    batches: 2
                    pause: 5s
                    """, List.of("rolling client upgrade to 2.3.2", "2 batches", "100 providers"), ran -> {
                        assertThat(ran.callsOf("fleet.upgradeBatch")).hasSize(2)
                                .allMatch(c -> c.startsWith("fleet.upgradeBatch [1, 2, 2.3.2, ")
                                        || c.startsWith("fleet.upgradeBatch [2, 2, 2.3.2, "));
                        assertThat(ran.callsOf("demoProviders.restart"))
                                .containsExactly("demoProviders.restart [[0], 2.3.2]", "demoProviders.restart [[1], 2.3.2]");
                        assertThat(ran.calls()).contains("pause [PT5S]", "setFleetGeneration [2.3.2]");
                        assertThat(ran.run().fakeFleet().status().providers()).containsExactly(Map.entry("2.3.2", 100));
                        assertThat(ran.run().fakeDemoProviders().clientVersions()).containsExactly("2.3.2", "2.3.2");
                        assertThat(ran.run().fleetGeneration()).isEqualTo("2.3.2");
                        assertThat(ran.types()).containsExactly("clientBatch", "clientBatch");
                    })),
            Map.entry("rollingServerUpgrade", new PhaseExample("1.4.1", """
                    kind: rollingServerUpgrade
                    to: 2.0.4
                    """, List.of("rolling server upgrade to 2.0.4", "3 nodes", "upgraded=true"), ran -> {
                        assertThat(ran.callsOf("migrateStorage")).containsExactly("migrateStorage [2.0.4]");
                        assertThat(ran.callsOf("upgradeNode")).containsExactly("upgradeNode [1, 2.0.4, false]",
                                "upgradeNode [2, 2.0.4, false]", "upgradeNode [3, 2.0.4, false]");
                        assertThat(ran.callsOf("awaitCondition")).last().asString()
                                .startsWith("awaitCondition [every node reports upgraded=true, held after");
                        FakeBackend cluster = ran.run().fakeCluster();
                        assertThat(List.of(cluster.version(1), cluster.version(2), cluster.version(3))).containsOnly("2.0.4");
                        assertThat(ran.types()).filteredOn("upgradeStep"::equals).hasSize(9);
                        assertThat(ran.types()).filteredOn("doubleWrite"::equals).hasSize(3);
                        assertThat(cluster.standIns().requestsTo("v1/ns/upgrade/ops/metrics")).hasSize(3);
                    })),
            Map.entry("preflight", new PhaseExample("2.3.2", """
                    kind: preflight
                    to: 3.1.0
                    """, List.of("preflight to 3.1.0"), ran -> {
                        assertThat(ran.types()).startsWith("preflight");
                        Map<String, Object> preflight = ran.journal().get(0);
                        assertThat(preflight).containsEntry("to", "3.1.0");
                        assertThat((List<?>) preflight.get("findings")).hasSizeGreaterThanOrEqualTo(9);
                        assertThat(ran.calls()).anySatisfy(c -> assertThat(c).startsWith("record [preflight, "));
                    })),
            Map.entry("rollback", new PhaseExample("2.0.4", """
                    - kind: rollingServerUpgrade
                      to: 2.3.2
                      nodes: [1, 2]
                    - kind: rollback
                    """, List.of("roll back nodes 2 to 2.0.4, 1 to 2.0.4"), ran -> {
                        assertThat(ran.callsOf("upgradeNode")).containsExactly("upgradeNode [2, 2.0.4, true]",
                                "upgradeNode [1, 2.0.4, true]");
                        FakeBackend cluster = ran.run().fakeCluster();
                        assertThat(List.of(cluster.version(1), cluster.version(2), cluster.version(3))).containsOnly("2.0.4");
                        assertThat(ran.journal()).filteredOn(line -> "upgradeStep".equals(line.get("type")))
                                .hasSize(6).allSatisfy(line -> assertThat(line).containsEntry("rollback", true));
                    })),
            Map.entry("scaleDownTo", new PhaseExample("1.4.1", """
                    kind: scaleDownTo
                    providers: 40
                    rate: 50
                    """, List.of("scale down to 40 providers"), ran -> {
                        assertThat(ran.callsOf("fleet.scaleTo")).containsExactly("fleet.scaleTo [40, 50.0, 1.4.1]");
                        assertThat(ran.run().fakeFleet().status().totalProviders()).isEqualTo(40);
                        assertThat(ran.types()).containsExactly("fleetScaled");
                        assertThat(ran.journal().get(0)).containsEntry("providers", 40)
                                .extractingByKey("stop").asInstanceOf(InstanceOfAssertFactories.MAP)
                                .containsEntry("requested", 60);
                    })),
            Map.entry("gatewayBenchmark", new PhaseExample("2.3.2", """
                    kind: gatewayBenchmark
                    concurrency: [600, 1000]
                    direct: [600]
                    for: 10s
                    warmUp: 1m
                    loadBalancerCache: false
                    """, List.of("gateway benchmark", "direct at 600", "through spring-cloud-gateway at 600, 1000",
                    "2 backends, 20 ms, 2048 B"), ran -> {
                        assertThat(ran.calls()).contains("startGatewayRig [2, PT0.02S, 2048, [false], 21800]",
                                "wrk [http://127.0.0.1:21800/demo/call, 2, 600, PT10S]",
                                "wrk [http://127.0.0.1:21900/demo/call, 2, 600, PT10S]",
                                "wrk [http://127.0.0.1:21900/demo/call, 2, 1000, PT10S]", "stopGatewayRig []");
                        assertThat(ran.callsOf("wrk")).as("two warm-up rounds at 1000 (the second as fast as the first:"
                                + " settled), then the three measured").hasSize(5).first()
                                .isEqualTo("wrk [http://127.0.0.1:21900/demo/call, 2, 1000, PT10S]");
                        assertThat(ran.types()).containsExactly("gatewayBenchmark", "gatewayBenchmark", "gatewayBenchmark");
                        assertThat(ran.run().lines(io.upgradelab.journal.GatewayBenchmark.class))
                                .extracting(io.upgradelab.journal.GatewayBenchmark::route,
                                        io.upgradelab.journal.GatewayBenchmark::concurrency)
                                .containsExactly(tuple("direct", 600), tuple("gateway", 600), tuple("gateway", 1000));
                    })),
            Map.entry("consumerStacks", new PhaseExample("2.3.2", """
                    kind: consumerStacks
                    clients: [1.4.1]
                    pushEmptyProtection: [false, true]
                    loadBalancerCache: [true]
                    events: [instanceKill, nodeKill]
                    node: 1
                    rate: 20
                    """, List.of("consumer stacks side by side (2 Dubbo, 1 gateway) through instanceKill, nodeKill"), ran -> {
                        assertThat(ran.calls()).contains("startStacks [[Dubbo[client=1.4.1, pushEmptyProtection=false],"
                                        + " Dubbo[client=1.4.1, pushEmptyProtection=true]], [true], 2.3.2, 20.0, 22000]",
                                "stopNode [1, KILL]", "startNode [1]", "stopStacks []");
                        assertThat(ran.types()).containsExactly("consumerStack", "consumerStack", "consumerStack",
                                "consumerStack", "consumerStack", "consumerStack");
                        assertThat(ran.run().lines(io.upgradelab.journal.ConsumerStack.class))
                                .extracting(io.upgradelab.journal.ConsumerStack::stack,
                                        io.upgradelab.journal.ConsumerStack::event,
                                        io.upgradelab.journal.ConsumerStack::errors,
                                        io.upgradelab.journal.ConsumerStack::secondsToNew)
                                .containsExactly(
                                        tuple("Dubbo 2.7 + nacos-client 1.4.1, empty-push protection off", "instanceKill", 1, 0.5),
                                        tuple("Dubbo 2.7 + nacos-client 1.4.1, empty-push protection on", "instanceKill", 2, 0.5),
                                        tuple("Spring Cloud Gateway, load-balancer cache on", "instanceKill", 3, 0.5),
                                        tuple("Dubbo 2.7 + nacos-client 1.4.1, empty-push protection off", "nodeKill", 0, null),
                                        tuple("Dubbo 2.7 + nacos-client 1.4.1, empty-push protection on", "nodeKill", 0, null),
                                        tuple("Spring Cloud Gateway, load-balancer cache on", "nodeKill", 0, null));
                    })),
            Map.entry("startConsole", new PhaseExample("3.1.0", """
                    kind: startConsole
                    timeout: 90s
                    """, List.of("start the console as its own process"), ran -> {
                        assertThat(ran.calls()).containsExactly("startConsole [PT1M30S]",
                                "record [consoleStarted, {address=127.0.0.1:8854, members=3, millis=1, readiness=500: No"
                                        + " available server after 3 retries, ready=false, services=0, user=nacos, userMade=true,"
                                        + " version=3.1.0}]",
                                "record [warning, {kind=consoleNotReady, message=the console at 127.0.0.1:8854 lists the"
                                        + " nodes, but its readiness check answers 500: No available server after 3 retries}]");
                    })),
            Map.entry("waitUntil", new PhaseExample("1.4.1", """
                    kind: waitUntil
                    condition:
                      kind: instancesSettled
                    timeout: 1m
                    """, List.of("wait until every node holds the registered providers", "at most 1m"), ran -> {
                        assertThat(ran.calls()).hasSize(2);
                        assertThat(ran.calls().get(0)).asString().startsWith("record [conditionHeld, {condition=instancesSettled");
                        assertThat(ran.calls().get(1)).asString().startsWith(
                                "awaitCondition [every node holds the registered providers (within 1.0%), held after");
                        assertThat(ran.took()).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(1));
                    })));

    private static final Map<String, ConditionExample> CONDITIONS = Map.of(
            "instancesSettled", new ConditionExample("1.4.1", """
                    kind: instancesSettled
                    tolerancePercent: 5
                    """, List.of("every node holds the registered providers", "5.0%"),
                    run -> { }, run -> run.fakeCluster().holdInstances(3, 90)),
            "probeFailing", new ConditionExample("1.4.1", """
                    kind: probeFailing
                    percent: 50
                    for: 10s
                    """, List.of("at least 50.0% of probe calls failed", "10 s"),
                    run -> run.probeAnswering(4, 6), run -> run.probeAnswering(6, 4)),
            "probeHealthy", new ConditionExample("1.4.1", """
                    kind: probeHealthy
                    for: 10s
                    """, List.of("the probe succeeds on every call", "10 s"),
                    run -> run.probeAnswering(10, 0), run -> run.probeAnswering(10, 1)),
            "upgraded", new ConditionExample("2.0.4", """
                    kind: upgraded
                    """, List.of("upgraded=true"),
                    run -> { }, run -> run.fakeCluster().reportUpgraded(3, false)));

    private static final Map<String, FaultExample> FAULTS = Map.of(
            "delay", new FaultExample("delay: 200ms\n", List.of("delay 200 ms on the way to node 2", "10 s"), List.of(
                    "disturbNetwork [2, NetworkDisturbance[kind=DELAY, delay=PT0.2S, lossPercent=0.0, between=ALL]]",
                    "record [fault, {action=disturbed, fault=delay, network=delay 200 ms, node=2}]", "pause [PT10S]",
                    "restoreNetwork [2]", "record [fault, {action=restored, fault=delay, node=2}]")),
            "kill", new FaultExample("", List.of("kill node 2", "SIGKILL", "10 s"), List.of("stopNode [2, KILL]",
                    "record [fault, {action=killed, fault=kill, node=2}]", "pause [PT10S]", "startNode [2]",
                    "record [fault, {action=started, fault=kill, node=2}]")),
            "loss", new FaultExample("percent: 30\n", List.of("loss 30 % on the way to node 2", "10 s"), List.of(
                    "disturbNetwork [2, NetworkDisturbance[kind=LOSS, delay=PT0S, lossPercent=30.0, between=ALL]]",
                    "record [fault, {action=disturbed, fault=loss, network=loss 30 %, node=2}]", "pause [PT10S]",
                    "restoreNetwork [2]", "record [fault, {action=restored, fault=loss, node=2}]")),
            "partition", new FaultExample("", List.of("partition: node 2 cut off from everyone", "10 s"), List.of(
                    "disturbNetwork [2, NetworkDisturbance[kind=PARTITION, delay=PT0S, lossPercent=100.0, between=ALL]]",
                    "record [fault, {action=disturbed, fault=partition, network=partition, node=2}]", "pause [PT10S]",
                    "restoreNetwork [2]", "record [fault, {action=restored, fault=partition, node=2}]")),
            "pause", new FaultExample("", List.of("pause node 2", "SIGSTOP", "10 s"), List.of("pauseNode [2]",
                    "record [fault, {action=paused, fault=pause, node=2}]", "pause [PT10S]", "resumeNode [2]",
                    "record [fault, {action=resumed, fault=pause, node=2}]")),
            "restart", new FaultExample("", List.of("restart node 2", "graceful stop", "10 s"), List.of(
                    "stopNode [2, GRACEFUL]", "record [fault, {action=stopped, fault=restart, node=2}]", "pause [PT10S]",
                    "startNode [2]", "record [fault, {action=started, fault=restart, node=2}]")));

    @TempDir
    Path dir;

    private NacosDistributions servers;
    private ClientDistributions clients;

    // ---- the kinds, as production finds them

    private static List<String> phaseKinds() {
        return ExperimentBinder.PHASES.stream().map(KindContractTest::kindOf).toList();
    }

    private static List<String> conditionKinds() {
        return ExperimentBinder.CONDITIONS.stream().map(KindContractTest::kindOf).toList();
    }

    private static List<String> faultNames() {
        return List.copyOf(Faults.names());
    }

    private static String kindOf(Class<?> kind) {
        return kind.getAnnotation(JsonTypeName.class).value();
    }

    @Test
    void everyKindTheIndexNamesHasAnExampleAndEveryExampleAKind() {
        assertThat(PHASES.keySet()).as("phase kinds with an example, against the index")
                .containsExactlyInAnyOrderElementsOf(phaseKinds());
        assertThat(CONDITIONS.keySet()).as("condition kinds with an example, against the index")
                .containsExactlyInAnyOrderElementsOf(conditionKinds());
        assertThat(FAULTS.keySet()).as("faults with an example, against the index")
                .containsExactlyInAnyOrderElementsOf(faultNames());
    }

    // ---- phases

    @TestFactory
    Stream<DynamicNode> everyPhaseKind() {
        return contracts("phase", phaseKinds(), PHASES, (kind, example) -> Stream.of(
                dynamicTest("binds, plans and names " + example.names(), () -> phaseBindsAndPlans(kind, example)),
                dynamicTest("runs against the fakes", () -> phaseRuns(kind, example))));
    }

    private void phaseBindsAndPlans(String kind, PhaseExample example) throws IOException {
        PlannedPhase planned = last(validate(kind, experiment(example.version(), example.yaml())));

        assertThat(planned.kind()).isEqualTo(kind);
        assertThat(kindOf(planned.phase().getClass())).isEqualTo(kind);
        assertThat(planned.title()).as("its description").isNotBlank().contains(example.names());
        assertThat(planned.expected()).as("its planned duration").isPositive();
    }

    private void phaseRuns(String kind, PhaseExample example) throws Exception {
        ValidatedExperiment validated = validate(kind, experiment(example.version(), example.yaml()));
        try (FakeBackend cluster = cluster(validated)) {
            FakeRunContext run = fakes(validated, cluster, kind);
            runBefore(validated, run);
            Ran ran = runLast(validated, run);

            assertThat(ran.calls()).as("what " + kind + " asked of the fakes").isNotEmpty();
            example.effect().accept(ran);
        }
    }

    // ---- conditions

    @TestFactory
    Stream<DynamicNode> everyConditionKind() {
        return contracts("condition", conditionKinds(), CONDITIONS, (kind, example) -> Stream.of(
                dynamicTest("binds, plans and names " + example.names(), () -> conditionBindsAndPlans(kind, example)),
                dynamicTest("holds", () -> conditionRuns(kind, example, true)),
                dynamicTest("does not hold", () -> conditionRuns(kind, example, false))));
    }

    private void conditionBindsAndPlans(String kind, ConditionExample example) throws IOException {
        PlannedPhase planned = last(validate(kind, experiment(example.version(), waitingUntil(example.yaml()))));
        Condition condition = ((WaitUntil) planned.phase()).condition();

        assertThat(condition.kind()).isEqualTo(kind);
        assertThat(kindOf(condition.getClass())).isEqualTo(kind);
        assertThat(condition.describe()).as("its description").isNotBlank().contains(example.names());
        assertThat(planned.title()).contains("wait until " + condition.describe(), "at most 1m");
        assertThat(planned.expected()).isPositive().isLessThanOrEqualTo(Duration.ofMinutes(1));
    }

    private void conditionRuns(String kind, ConditionExample example, boolean holds) throws Exception {
        ValidatedExperiment validated = validate(kind, experiment(example.version(), waitingUntil(example.yaml())));
        try (FakeBackend cluster = cluster(validated)) {
            FakeRunContext run = fakes(validated, cluster, kind);
            runBefore(validated, run);
            WaitUntil wait = (WaitUntil) last(validated).phase();
            Condition condition = wait.condition();
            (holds ? example.holds() : example.doesNotHold()).accept(run);

            if (holds) {
                Ran ran = runLast(validated, run);
                assertThat(ran.callsOf("awaitCondition")).singleElement().asString()
                        .startsWith("awaitCondition [" + condition.describe() + ", held after");
                assertThat(ran.took()).isLessThanOrEqualTo(Duration.ofMinutes(1));
            } else {
                Duration before = run.elapsed();
                assertThatThrownBy(() -> wait.run(run)).isInstanceOf(PhaseFailure.class)
                        .hasMessage(condition.describe() + ": not within 60 s");
                assertThat(run.elapsed().minus(before)).isGreaterThanOrEqualTo(Duration.ofMinutes(1));
            }
            assertThat(condition.holds(run.observations())).as("on the last observations").isEqualTo(holds);
        }
    }

    // ---- faults

    @TestFactory
    Stream<DynamicNode> everyFault() {
        return contracts("fault", faultNames(), FAULTS, (name, example) -> Stream.of(
                dynamicTest("binds, plans and names " + example.names(), () -> faultBindsAndPlans(name, example)),
                dynamicTest("runs against the fakes", () -> faultRuns(name, example))));
    }

    private void faultBindsAndPlans(String name, FaultExample example) throws IOException {
        PlannedPhase planned = last(validate("fault-" + name, experiment("1.4.1", faultPhase(name, example))));
        FaultPhase phase = (FaultPhase) planned.phase();
        Fault fault = Faults.named(name).orElseThrow();

        assertThat(phase.fault()).isEqualTo(name);
        assertThat(phase.parameters(Record.class)).as("its own fields, bound").isInstanceOf(fault.parameters());
        assertThat(planned.title()).as("its description").isEqualTo(fault.describe(phase)).contains(example.names());
        assertThat(planned.expected()).isGreaterThanOrEqualTo(Duration.ofSeconds(10));
        assertThat(fault.needs()).isNotNull();
        assertThat(fault.action(phase)).as("what it does to the node, as backends carry it out").isNotNull();
    }

    private void faultRuns(String name, FaultExample example) throws Exception {
        ValidatedExperiment validated = validate("fault-" + name, experiment("1.4.1", faultPhase(name, example)));
        try (FakeBackend cluster = cluster(validated)) {
            FakeRunContext run = fakes(validated, cluster, "fault-" + name);
            runBefore(validated, run);
            Ran ran = runLast(validated, run);

            assertThat(ran.calls()).containsExactlyElementsOf(example.calls());
            assertThat(ran.types()).containsExactly("fault", "fault");
            assertThat(ran.took()).isEqualTo(Duration.ofSeconds(10));
            assertThat(cluster.state(2)).as("the node, after the fault").isEqualTo(NodeState.UP);
            assertThat(cluster.disturbance(2)).as("its network, after the fault").isEmpty();
        }
    }

    // ---- the experiment each example stands in, and its run on the fakes

    /**
     * One container per kind, named after it, with {@code tests} of its example; a kind without an example
     * is a failing test that says where to add one.
     */
    private static <E> Stream<DynamicNode> contracts(String what, List<String> kinds, Map<String, E> examples,
                                                     BiFunction<String, E, Stream<DynamicNode>> tests) {
        assertThat(kinds).as("the " + what + " kinds the index names").isNotEmpty();
        return kinds.stream().<DynamicNode>map(kind -> {
            E example = examples.get(kind);
            if (example == null) {
                return dynamicTest(kind, () -> fail(what + " kind '" + kind + "' has no example in KindContractTest:"
                        + " add a minimal valid one, what its description names and what its run does to the fakes"));
            }
            return dynamicContainer(kind, tests.apply(kind, example));
        });
    }

    private static String experiment(String version, String phase) {
        return """
                name: contract
                target:
                  version: %s
                  nodes: 3
                fleet:
                  client: 1.4.1
                probe:
                  client: 1.4.1
                  demoProviders: 2
                phases:
                  - kind: rampTo
                    providers: 100
                """.formatted(version) + asListItem(phase);
    }

    /**
     * {@code yaml} as an item of the phases' list: {@code "  - "} before its first line, four spaces before the
     * others; a {@code yaml} that is a list already (a kind whose example needs a phase before it) indented as is.
     */
    private static String asListItem(String yaml) {
        List<String> lines = yaml.stripTrailing().lines().toList();
        if (lines.get(0).startsWith("- ")) {
            return lines.stream().map(line -> "  " + line).collect(Collectors.joining("\n", "", "\n"));
        }
        return Stream.concat(Stream.of("  - " + lines.get(0)), lines.stream().skip(1).map(line -> "    " + line))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private static String waitingUntil(String condition) {
        return "kind: waitUntil\ncondition:\n" + condition.stripTrailing().lines().map(line -> "  " + line)
                .collect(Collectors.joining("\n", "", "\n")) + "timeout: 1m\n";
    }

    private static String faultPhase(String name, FaultExample example) {
        return "kind: fault\nfault: " + name + "\nnode: 2\nfor: 10s\n" + example.fields();
    }

    /** Loads {@code text} as {@code validate} does: every error found makes it throw, listing them by line. */
    private ValidatedExperiment validate(String name, String text) throws IOException {
        if (servers == null) {
            servers = FakeDistributions.scan(dir.resolve("servers"), SERVERS);
            clients = FakeDistributions.clients(dir.resolve("clients"), CLIENTS);
        }
        return Experiments.validate(ExperimentFile.parse(name + ".yaml", text), null, servers, clients);
    }

    private static PlannedPhase last(ValidatedExperiment validated) {
        List<PlannedPhase> phases = validated.timeline().phases();
        assertThat(phases).as("the ramp, then the example (with the phase its kind needs before it)").hasSizeBetween(2, 3);
        return phases.get(phases.size() - 1);
    }

    /** The experiment's nodes, each answering its open API on loopback. */
    private static FakeBackend cluster(ValidatedExperiment validated) {
        return FakeBackend.standingIn(validated.experiment().target().nodes(), validated.experiment().target().version());
    }

    /** A run on {@code cluster} with the experiment's fleet, demo providers and observation period, the probe healthy. */
    private FakeRunContext fakes(ValidatedExperiment validated, FakeBackend cluster, String kind) {
        Experiment experiment = validated.experiment();
        return new FakeRunContext(cluster, experiment.probe().demoProviders(),
                ClientVersions.canonical(experiment.fleet().clientVersion()))
                .observeEvery(experiment.observeEvery()).observingTheFakes().probeAnswering(10, 0)
                .inRunDirectory(dir.resolve("runs").resolve(kind));
    }

    /** Runs the phases before the example, as the engine does, so it runs from the state they leave. */
    private static void runBefore(ValidatedExperiment validated, FakeRunContext run) throws InterruptedException {
        List<PlannedPhase> phases = validated.timeline().phases();
        for (PlannedPhase planned : phases.subList(0, phases.size() - 1)) {
            run.inPhase(planned.number());
            planned.phase().run(run);
        }
    }

    /** Runs the example's phase and returns what it left. */
    private static Ran runLast(ValidatedExperiment validated, FakeRunContext run) throws InterruptedException {
        PlannedPhase planned = last(validated);
        int calls = run.callRecord().mark();
        int lines = run.journal().size();
        Duration before = run.elapsed();
        run.inPhase(planned.number());
        planned.phase().run(run);
        List<Map<String, Object>> journal = run.journal();
        return new Ran(run, run.callRecord().since(calls), journal.subList(lines, journal.size()),
                run.elapsed().minus(before));
    }

    /** What a phase's run left: the calls and journal lines since it began, and the fake time it took. */
    private record Ran(FakeRunContext run, List<String> calls, List<Map<String, Object>> journal, Duration took) {

        List<String> types() {
            return journal.stream().map(line -> (String) line.get("type")).toList();
        }

        List<String> callsOf(String method) {
            return calls.stream().filter(c -> c.startsWith(method + " ")).toList();
        }
    }
}
