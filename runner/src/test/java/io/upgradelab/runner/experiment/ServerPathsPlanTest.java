package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.experiment.Timeline.PlannedPhase;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * How the versions of a server path choose the rolling upgrade's waits, as the plan shows them: a
 * multi-hop experiment, a 2.x to 2.x upgrade, and the direct 1.x to 2.2 path Nacos does not support.
 */
class ServerPathsPlanTest {

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4", "2.2.3", "2.3.2");

    @Test
    void aMultiHopUpgradeAwaitsUpgradedOnlyOnItsFirstHopAndKeepsServingTwoXClients() {
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
    void twoXToTwoXHasNothingToAwaitAndAwaitingIsRefused() {
        assertThat(plan("2.0.4", "2x", "  - kind: rollingServerUpgrade\n    to: 2.3.2\n").get(1).title())
                .isEqualTo("rolling server upgrade to 2.3.2 (3 nodes)");
        assertThat(files.errors(text("2.0.4", "2x",
                "  - kind: rollingServerUpgrade\n    to: 2.3.2\n    awaitUpgraded: true\n")))
                .containsExactly(files.file() + ":14: phase 2.awaitUpgraded: upgraded=true is the end of a 1.x to 2.0/2.1"
                        + " upgrade's 1.x-compatible mode; 2.0.4 -> 2.3.2 has none");
    }

    @Test
    void theDirectPathToTwoTwoPlansAsUnsupportedAndThenServesTwoXClients() {
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
    void withoutAwaitingUpgradedTheOneXToTwoZeroClusterDoesNotServeTwoXClientsYet() {
        assertThat(files.errors(text("1.4.1", "1x", """
                  - kind: rollingServerUpgrade
                    to: 2.0.4
                    awaitUpgraded: false
                  - kind: rollingClientUpgrade
                    to: 2x
                """))).singleElement().asString().contains("phase 3.to: 2.x clients are refused");
    }

    private List<PlannedPhase> plan(String version, String generation, String phases) {
        return files.load(text(version, generation, phases)).timeline().phases();
    }

    /** 3 nodes of {@code version}, fleet and probe of {@code generation}, a ramp to 100, then {@code phases}. */
    private static String text(String version, String generation, String phases) {
        return """
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
                """.formatted(version, generation, generation) + phases;
    }
}
