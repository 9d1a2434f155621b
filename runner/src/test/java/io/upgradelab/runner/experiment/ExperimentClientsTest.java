package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4", "2.3.2")
            .withClients("1.4.1", "2.0.4", "2.3.2", "2.5.1");

    @Test
    void theRunsClientVersionsAreTheFleetsTheProbesAndEveryUpgradesAsNamed() {
        assertThat(files.load(ROLL).experiment().clientVersions()).as("what the configs' listeners are chosen from")
                .containsExactly("2.0.4", "2.3.2", "2.3.2", "2.5.1", "1x");
    }

    @Test
    void rollingUpgradesGoBetweenAnyTwoVersionsAndThePlanSaysTheVersions() {
        ValidatedExperiment valid = files.load(ROLL);

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
    void theOlderNameGenerationStillReadsAndAShorthandIsItsVersion() {
        ValidatedExperiment valid = files.load("""
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
    void anUnknownVersionIsRefusedAtItsLineWithTheVersionsThereAre() {
        List<String> errors = files.errors(ROLL.replace("client: 2.0.4", "generation: 2.2.0")
                .replace("to: 2.5.1", "to: 2.4.3"));

        String known = ": this build has 1.4.1, 2.0.4, 2.3.2, 2.5.1 (1x = 1.4.1, 2x = 2.0.4; see 'upgrade-lab versions')";
        assertThat(errors).contains(
                files.file() + ":6: fleet.generation: unknown client version '2.2.0'" + known,
                files.file() + ":15: phase 3.to: unknown client version '2.4.3'" + known);
    }

    @Test
    void aTwoXProbeOrFleetNeedsTwoXServersAndTheRefusalNamesTheVersion() {
        String onOneX = ROLL.replace("version: 2.3.2\n", "version: 1.4.1\n");

        List<String> errors = files.errors(onOneX);

        assertThat(errors).anySatisfy(e -> assertThat(e).startsWith(files.file() + ":8: probe.client: a 2.x probe"
                + " (nacos-client 2.3.2) needs 2.x servers out of 1.x-compatible mode; the cluster starts on 1.4.1"));
        assertThat(errors).anySatisfy(e -> assertThat(e).contains("phase 1: 2.x providers are refused while the cluster"
                + " runs in 1.x mode (nodes: [1.4.1]; the providers run nacos-client 2.0.4)"));
    }

    @Test
    void anUpgradeToTheVersionTheClientsRunIsRefusedWhateverItsName() {
        List<String> errors = files.errors(ROLL.replace("to: 2.3.2", "to: 2x"));

        assertThat(errors).containsExactly(files.file() + ":13: phase 2.to: the clients already run 2.0.4 here");
    }

    @Test
    void bothNamesAtOnceOrSomethingNotAVersionIsRefusedByTheSchema() {
        List<String> both = files.errors(ROLL.replace("  client: 2.0.4\n", "  client: 2.0.4\n  generation: 2x\n"));
        assertThat(both).containsExactly(files.file()
                + ":5: fleet: name the client version once: client, or its older name generation, not both");

        List<String> notAVersion = files.errors(ROLL.replace("client: 2.3.2", "client: latest"));
        assertThat(notAVersion).containsExactly(files.file()
                + ":8: probe.client: 'latest' is not a client version: write it like 2.3.2, or 1x (1.4.1) or 2x (2.0.4)");
    }

    @Test
    void withoutClientVersionsLaidOutTheNamesAreNotCheckedAndANoteSaysSo() {
        ValidatedExperiment valid = Experiments.validate(
                ExperimentFile.read(files.write(ROLL.replace("to: 2.5.1", "to: 2.9.9"))), null, files.distributions(),
                ClientDistributions.scan(files.dir().resolve("none")));

        assertThat(valid.notes()).singleElement().asString().startsWith("client versions not checked: no nacos-client versions in");
    }
}
