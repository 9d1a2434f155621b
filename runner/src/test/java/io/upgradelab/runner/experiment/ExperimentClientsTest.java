package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client versions in experiment files: fleet.client and probe.client (or their older name
 * generation) and rollingClientUpgrade.to take a version this build lays out or a shorthand; the
 * plan speaks of versions; an unknown one is refused at its line with the versions there are.
 */
class ExperimentClientsTest {

    private static final String ROLL = """
            name: clients
            target:
              version: 2.3.2
              nodes: 1
            fleet:
              client: 2.0.4
            probe:
              client: 2.3.2
            phases:
              - kind: rampTo
                providers: 100
              - kind: rollingClientUpgrade
                to: 2.3.2
              - kind: rollingClientUpgrade
                to: 2.5.1
              - kind: rollingClientUpgrade
                to: 1x
            """;

    @TempDir
    Path dir;

    NacosDistributions servers;
    ClientDistributions clients;

    @BeforeEach
    void layOut() throws IOException {
        servers = FakeDistributions.scan(dir.resolve("dist"), "1.4.1", "2.0.4", "2.3.2");
        clients = FakeDistributions.clients(dir.resolve("clients"), "1.4.1", "2.0.4", "2.3.2", "2.5.1");
    }

    @Test
    void theRunsClientVersionsAreTheFleetsTheProbesAndEveryUpgradesAsNamed() throws IOException {
        assertThat(load(ROLL).experiment().clientVersions()).as("what the configs' listeners are chosen from")
                .containsExactly("2.0.4", "2.3.2", "2.3.2", "2.5.1", "1x");
    }

    @Test
    void rollingUpgradesGoBetweenAnyTwoVersionsAndThePlanSaysTheVersions() throws IOException {
        ValidatedExperiment valid = load(ROLL);

        List<Timeline.PlannedPhase> phases = valid.timeline().phases();
        assertThat(phases).extracting(Timeline.PlannedPhase::title).containsExactly("ramp to 100 providers",
                "rolling client upgrade to 2.3.2 in 3 batches (100 providers)",
                "rolling client upgrade to 2.5.1 in 3 batches (100 providers)",
                "rolling client upgrade to 1.4.1 in 3 batches (100 providers)");
        assertThat(phases).extracting(Timeline.PlannedPhase::providersByGeneration).containsExactly(
                Map.of("2.0.4", 100), Map.of("2.3.2", 100), Map.of("2.5.1", 100), Map.of("1.4.1", 100));
        assertThat(((RollingClientUpgrade) phases.get(3).phase()).to()).as("the shorthand, resolved").isEqualTo("1.4.1");
        assertThat(valid.notes()).isEmpty();
    }

    @Test
    void theOlderNameGenerationStillReadsAndAShorthandIsItsVersion() throws IOException {
        ValidatedExperiment valid = load("""
                name: old
                target:
                  version: 2.0.4
                  nodes: 1
                fleet:
                  generation: 2x
                probe:
                  generation: 2X
                phases:
                  - kind: rampTo
                    providers: 10
                """);

        assertThat(valid.experiment().fleet().clientVersion()).isEqualTo("2x");
        assertThat(valid.timeline().phases().get(0).providersByGeneration()).isEqualTo(Map.of("2.0.4", 10));
    }

    @Test
    void anUnknownVersionIsRefusedAtItsLineWithTheVersionsThereAre() throws IOException {
        List<String> errors = InvalidExperiments.errors(write(ROLL.replace("client: 2.0.4", "generation: 2.2.0")
                .replace("to: 2.5.1", "to: 2.4.3")), servers, clients);

        String known = ": this build has 1.4.1, 2.0.4, 2.3.2, 2.5.1 (1x = 1.4.1, 2x = 2.0.4; see 'upgrade-lab versions')";
        assertThat(errors).contains(
                dir.resolve("e.yaml") + ":6: fleet.generation: unknown client version '2.2.0'" + known,
                dir.resolve("e.yaml") + ":15: phase 3.to: unknown client version '2.4.3'" + known);
    }

    @Test
    void aTwoXProbeOrFleetNeedsTwoXServersAndTheRefusalNamesTheVersion() throws IOException {
        String onOneX = ROLL.replace("version: 2.3.2\n", "version: 1.4.1\n");

        List<String> errors = InvalidExperiments.errors(write(onOneX), servers, clients);

        assertThat(errors).anySatisfy(e -> assertThat(e).startsWith(dir.resolve("e.yaml") + ":8: probe.client: a 2.x probe"
                + " (nacos-client 2.3.2) needs 2.x servers out of 1.x-compatible mode; the cluster starts on 1.4.1"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("phase 1: 2.x providers are refused while the cluster"
                + " runs in 1.x mode (nodes: [1.4.1]; the providers run nacos-client 2.0.4)"));
    }

    @Test
    void anUpgradeToTheVersionTheClientsRunIsRefusedWhateverItsName() throws IOException {
        List<String> errors = InvalidExperiments.errors(write(ROLL.replace("to: 2.3.2", "to: 2x")), servers, clients);

        assertThat(errors).containsExactly(dir.resolve("e.yaml") + ":13: phase 2.to: the clients already run 2.0.4 here");
    }

    @Test
    void bothNamesAtOnceOrSomethingNotAVersionIsRefusedByTheSchema() throws IOException {
        List<String> both = InvalidExperiments.errors(write(ROLL.replace("  client: 2.0.4\n",
                "  client: 2.0.4\n  generation: 2x\n")), servers, clients);
        assertThat(both).containsExactly(dir.resolve("e.yaml")
                + ":5: fleet: name the client version once: client, or its older name generation, not both");

        List<String> notAVersion = InvalidExperiments.errors(write(ROLL.replace("client: 2.3.2", "client: latest")),
                servers, clients);
        assertThat(notAVersion).containsExactly(dir.resolve("e.yaml")
                + ":8: probe.client: 'latest' is not a client version: write it like 2.3.2, or 1x (1.4.1) or 2x (2.0.4)");
    }

    @Test
    void withoutClientVersionsLaidOutTheNamesAreNotCheckedAndANoteSaysSo() throws IOException {
        ValidatedExperiment valid = Experiments.validate(ExperimentFile.read(write(ROLL.replace("to: 2.5.1", "to: 2.9.9"))),
                null, servers, ClientDistributions.scan(dir.resolve("none")));

        assertThat(valid.notes()).singleElement().asString().startsWith("client versions not checked: no nacos-client versions in");
    }

    private ValidatedExperiment load(String text) throws IOException {
        return Experiments.validate(ExperimentFile.read(write(text)), null, servers, clients);
    }

    private Path write(String text) throws IOException {
        return Files.writeString(dir.resolve("e.yaml"), text);
    }
}
