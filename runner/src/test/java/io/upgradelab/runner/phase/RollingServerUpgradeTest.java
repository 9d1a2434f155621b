package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.RegistrationsRefused;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.journal.UpgradeSample;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The upgrade's end when a node stays in 1.x-compatible mode: a warning, and with forceUpgrade the
 * maintainers' remedy, against three stand-in nodes that answer the switch call and record it. The
 * rolling steps themselves run against real Nacos in RunExperimentIT.
 */
class RollingServerUpgradeTest {

    private final List<HttpServer> nodes = new ArrayList<>();
    /** "node N: query" of every switch call, in the order the nodes received them. */
    private final List<String> switchCalls = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startNodes() throws IOException {
        for (int n = 1; n <= 3; n++) {
            int node = n;
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/nacos/v1/ns/operator/switches", exchange -> {
                switchCalls.add("node " + node + ": " + exchange.getRequestMethod() + " "
                        + exchange.getRequestURI().getQuery());
                byte[] ok = "ok".getBytes();
                exchange.sendResponseHeaders(200, ok.length);
                exchange.getResponseBody().write(ok);
                exchange.close();
            });
            server.start();
            nodes.add(server);
        }
    }

    @AfterEach
    void stopNodes() {
        nodes.forEach(server -> server.stop(0));
    }

    @Test
    void aStuckNodeIsForcedFirstAndTheWarningStays() throws InterruptedException {
        FakeRun run = new FakeRun(true);

        phase(true).run(run);

        assertThat(switchCalls).containsExactly(
                "node 3: PUT " + offHere(), "node 1: PUT " + offHere(), "node 2: PUT " + offHere());
        assertThat(run.types()).containsExactly("warning", "doubleWrite", "doubleWrite", "doubleWrite", "upgradeForced");
        assertThat(run.records.get(0).get("kind")).isEqualTo("upgradedNotReached");
        assertThat((String) run.records.get(0).get("message"))
                .contains("node 3 upgraded=false (v1 7331 / v2 7443 instances)", "forcing it");
        assertThat(run.records.get(1)).containsEntry("node", 3).containsEntry("enabled", false);
    }

    @Test
    void aForceThatDoesNotTakeIsASecondWarning() throws InterruptedException {
        FakeRun run = new FakeRun(false);

        phase(true).run(run);

        assertThat(run.types()).containsExactly("warning", "doubleWrite", "doubleWrite", "doubleWrite", "warning");
        assertThat(run.records.get(4).get("kind")).isEqualTo("upgradeNotForced");
    }

    @Test
    void withoutForceTheClusterIsLeftAsItIs() throws InterruptedException {
        FakeRun run = new FakeRun(true);

        phase(false).run(run);

        assertThat(switchCalls).isEmpty();
        assertThat(run.types()).containsExactly("warning");
        assertThat((String) run.records.get(0).get("message")).contains("going on with a cluster partly in 1.x");
    }

    @Test
    void aNodeThatRefusesRegistrationsAfterItsStepIsAWarningAndTheUpgradeGoesOn() throws InterruptedException {
        FakeRun run = new FakeRun(true);
        run.cluster = new TwoXNodes("1.4.0", 2);
        run.conditionsHold = true;

        new RollingServerUpgrade("1.4.1", false, false, null, Duration.ofMinutes(5), false, false).run(run);

        assertThat(run.types()).containsExactly("upgradeStep", "upgradeStep", "upgradeStep",
                "upgradeStep", "warning", "upgradeStep", "upgradeStep",
                "upgradeStep", "upgradeStep", "upgradeStep");
        assertThat(run.records.get(4)).containsEntry("kind", "registrationsRefused").containsEntry("node", 2);
        assertThat(((TwoXNodes) run.cluster).upgraded).containsExactly(1, 2, 3);
    }

    private static RollingServerUpgrade phase(boolean force) {
        return new RollingServerUpgrade("2.0.4", true, false, null, Duration.ofMinutes(5), true, force);
    }

    private static String offHere() {
        return "entry=doubleWriteEnabled&value=false&debug=true";
    }

    /**
     * Every node already on 2.0.4, node 3 stuck at upgraded=false. The first wait for upgraded=true
     * times out; the second holds once every node has had its switch turned off, if {@code forceTakes}.
     */
    private final class FakeRun implements RunContext {

        private final boolean forceTakes;
        private Backend cluster = new TwoXNodes("2.0.4", 0);
        private boolean conditionsHold;
        private final Observations observations = new Observations();
        private final List<Map<String, Object>> records = new ArrayList<>();
        private final List<String> types = new ArrayList<>();
        private int waits;

        FakeRun(boolean forceTakes) {
            this.forceTakes = forceTakes;
            observations.put(new UpgradeSample(1, true, true, true, 140, 7950, 140, 7950));
            observations.put(new UpgradeSample(2, true, true, true, 140, 7950, 140, 7950));
            observations.put(new UpgradeSample(3, false, true, true, 140, 7331, 140, 7443));
        }

        List<String> types() {
            return types;
        }

        @Override
        public void awaitCondition(Condition condition, Duration timeout, String what) {
            waits++;
            if (conditionsHold) {
                return;
            }
            if (waits == 1 || !forceTakes || switchCalls.size() < 3) {
                throw new PhaseFailure(what + " did not come within " + timeout);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public void record(Object line) {
            types.add(JournalJson.typeOf(line.getClass()));
            records.add(JournalJson.builder().build().convertValue(line, Map.class));
        }

        @Override
        public Observations observations() {
            return observations;
        }

        @Override
        public Backend cluster() {
            return cluster;
        }

        @Override
        public void say(String message) {
        }

        @Override
        public void pause(Duration duration) {
        }

        @Override
        public FleetProcess fleet() {
            throw new UnsupportedOperationException();
        }

        @Override
        public DemoProviders demoProviders() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String fleetGeneration() {
            return "1x";
        }

        @Override
        public void setFleetGeneration(String generation) {
        }
    }

    /**
     * The three stand-in nodes on {@code version}: on 2.0.4 already, the phase only waits and forces;
     * on another, each is upgraded, and node {@code refusing} then refuses registrations.
     */
    private final class TwoXNodes implements Backend {

        private final String version;
        private final int refusing;
        private final List<Integer> upgraded = new ArrayList<>();

        TwoXNodes(String version, int refusing) {
            this.version = version;
            this.refusing = refusing;
        }

        @Override
        public List<NodeStatus> nodes() {
            List<NodeStatus> statuses = new ArrayList<>();
            for (int n = 1; n <= nodes.size(); n++) {
                statuses.add(new NodeStatus(n, "127.0.0.1:" + nodes.get(n - 1).getAddress().getPort(), version, -1,
                        NodeState.UP, null));
            }
            return statuses;
        }

        @Override
        public void upgradeNode(int node, String to) {
            if (version.equals(to)) {
                throw new AssertionError("every node already runs " + to);
            }
            upgraded.add(node);
            if (node == refusing) {
                throw new RegistrationsRefused("the cluster does not accept registrations within 3m: node 2"
                        + " does not accept registrations yet: 400 receive invalid redirect request from peer", null);
            }
        }

        @Override
        public void stopNode(int node, StopMode mode) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void startNode(int node) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void pauseNode(int node) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void resumeNode(int node) {
            throw new UnsupportedOperationException();
        }

        @Override
        public NodeResources sample(int node) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }
}
