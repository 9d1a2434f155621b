package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the versions of a server path choose the rolling upgrade's waits, as the plan shows them: a
 * multi-hop experiment, a 2.x to 2.x upgrade, and the direct 1.x to 2.2 path Nacos does not support.
 */
class ServerPathsPlanTest {

    @TempDir
    Path dir;

    NacosDistributions distributions;

    @BeforeEach
    void distributions() throws IOException {
        distributions = FakeDistributions.scan(dir.resolve("dist"), "1.4.1", "2.0.4", "2.2.3", "2.3.2");
    }

    @Test
    void aMultiHopUpgradeAwaitsUpgradedOnlyOnItsFirstHopAndKeepsServingTwoXClients() throws IOException {
        List<PlannedPhase> phases = plan("1.4.1", "1x", """
                  - kind: rollingServerUpgrade
                    to: 2.0.4
                  - kind: rollingServerUpgrade
                    to: 2.3.2
                  - kind: rollingClientUpgrade
                    to: 2x
                """);
        assertThat(phases.get(1).title()).endsWith("then upgraded=true");
        assertThat(phases.get(2).title()).isEqualTo("rolling server upgrade to 2.3.2 (3 nodes)");
        assertThat(phases.get(2).nodeVersions()).containsOnly("2.3.2");
        assertThat(phases.get(3).providersByGeneration()).as("by client version").containsOnlyKeys("2.0.4");
    }

    @Test
    void twoXToTwoXHasNothingToAwaitAndAwaitingIsRefused() throws IOException {
        assertThat(plan("2.0.4", "2x", "  - kind: rollingServerUpgrade\n    to: 2.3.2\n").get(1).title())
                .isEqualTo("rolling server upgrade to 2.3.2 (3 nodes)");
        assertThat(errors("2.0.4", "2x", "  - kind: rollingServerUpgrade\n    to: 2.3.2\n    awaitUpgraded: true\n"))
                .containsExactly(file() + ":14: phase 2.awaitUpgraded: upgraded=true is the end of a 1.x to 2.0/2.1"
                        + " upgrade's 1.x-compatible mode; 2.0.4 -> 2.3.2 has none");
    }

    @Test
    void theDirectPathToTwoTwoPlansAsUnsupportedAndThenServesTwoXClients() throws IOException {
        List<PlannedPhase> phases = plan("1.4.1", "1x", """
                  - kind: rollingServerUpgrade
                    to: 2.2.3
                  - kind: rollingClientUpgrade
                    to: 2x
                """);
        assertThat(phases.get(1).title()).isEqualTo("rolling server upgrade to 2.2.3 (3 nodes), a path Nacos does"
                + " not support");
    }

    @Test
    void withoutAwaitingUpgradedTheOneXToTwoZeroClusterDoesNotServeTwoXClientsYet() throws IOException {
        assertThat(errors("1.4.1", "1x", """
                  - kind: rollingServerUpgrade
                    to: 2.0.4
                    awaitUpgraded: false
                  - kind: rollingClientUpgrade
                    to: 2x
                """)).singleElement().asString().contains("phase 3.to: 2.x clients are refused");
    }

    private List<PlannedPhase> plan(String version, String generation, String phases) throws IOException {
        return Experiments.load(write(version, generation, phases), null, distributions).timeline().phases();
    }

    private List<String> errors(String version, String generation, String phases) throws IOException {
        return InvalidExperiments.errors(write(version, generation, phases), distributions);
    }

    private Path write(String version, String generation, String phases) throws IOException {
        return Files.writeString(file(), """
                name: paths
                target:
                  version: %s
                  nodes: 3
                fleet:
                  generation: %s
                probe:
                  generation: %s
                phases:
                  - kind: rampTo
                    providers: 100
                """.formatted(version, generation, generation) + phases);
    }

    private Path file() {
        return dir.resolve("experiment.yaml");
    }
}
