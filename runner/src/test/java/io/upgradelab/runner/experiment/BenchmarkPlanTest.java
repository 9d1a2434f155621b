package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A benchmark phase as validate and plan see it: its defaults, and what cannot work where it stands
 * (a 2.x client before the servers serve 2.x, a 1.x operation on a 2.x client, more instances per
 * service than 2.x clients can hold, an operation before register), each at its line.
 */
class BenchmarkPlanTest {

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");

    @Test
    void itDefaultsToTheFleetsClientAndRegisterQueryDeregister() {
        List<PlannedPhase> phases = files.load(text("1.4.1", "1x", "  - kind: benchmark\n")).timeline().phases();
        assertThat(phases.get(1).title()).isEqualTo("benchmark register, query, deregister through nacos-client"
                + " 1.4.1 (4x8 threads, 100x4 instances)");
        assertThat(phases.get(1).expected()).isPositive();
    }

    @Test
    void aTwoXClientWaitsForTheServersToServeTwoX() {
        assertThat(files.errors(text("1.4.1", "1x", "  - kind: benchmark\n    client: 2.0.4\n")))
                .singleElement().asString()
                .contains(":13: phase 2.client: a 2.x client is refused while the cluster runs in 1.x mode");
    }

    @Test
    void heartbeatIsAOneXOperationAndTwoXClientsHoldOneInstancePerService() {
        assertThat(files.errors(text("2.0.4", "2x", """
                  - kind: benchmark
                    operations: [register, heartbeat]
                    clients: 2
                    instances: 3
                """))).containsExactlyInAnyOrder(
                files.file() + ":15: phase 2.instances: 3 instances per service need as many clients: a 2.x client holds"
                        + " one instance per service (a second registration replaces the first); clients is 2",
                files.file() + ":13: phase 2.operations: heartbeat is a 1.x operation: a 2.0.4 client keeps its instances"
                        + " alive by its gRPC connection (use a 1.x client or api http)");
    }

    @Test
    void operationsActOnWhatRegisterRegisteredAndTheHttpApiTakesNoClient() {
        assertThat(files.errors(text("1.4.1", "1x", """
                  - kind: benchmark
                    api: http
                    client: 1.4.1
                    operations: [query, register]
                """))).containsExactlyInAnyOrder(
                files.file() + ":15: phase 2.operations: query acts on what register registered: list register before it",
                files.file() + ":14: phase 2.client: api http uses no nacos-client: leave client out, or use api sdk");
    }

    @Test
    void theSchemaRefusesAnUnknownOperationAndApi() {
        assertThat(files.errors(text("1.4.1", "1x", """
                  - kind: benchmark
                    api: grpc
                    operations: [register, list]
                """))).hasSize(2).allSatisfy(e -> assertThat(e).startsWith(files.file() + ":1"));
    }

    /** 3 nodes of {@code version}, fleet and probe on {@code client}, a ramp to 100 providers, then {@code phases}. */
    private static String text(String version, String client, String phases) {
        return """
                name: bench
                target:
                  version: %s
                  nodes: 3
                fleet:
                  client: %s
                probe:
                  client: %s
                phases:
                  - kind: rampTo
                    providers: 100
                """.formatted(version, client, client) + phases;
    }
}
