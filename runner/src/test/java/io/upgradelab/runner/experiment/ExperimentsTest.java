package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.phase.Hold;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.phase.RollingServerUpgrade;
import io.upgradelab.runner.testing.Targets;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shipped experiments load, bind and plan; a timeline adds up. */
class ExperimentsTest {

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");

    @Test
    void theReferenceExperimentLoadsAsPublished() {
        ValidatedExperiment loaded = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"),
                null, files.distributions());
        Experiment e = loaded.experiment();
        assertThat(loaded.notes()).isEmpty();
        assertThat(e.name()).isEqualTo("nacos-1x-to-2x");
        assertThat(e.target()).isEqualTo(Targets.of("{version: 1.4.1, nodes: 3, serverHeap: 1g}").forExperiment(e.name()));
        assertThat(e.fleet()).as("the file says generation: 1x, the older name of client")
                .isEqualTo(new FleetSpec(140, 140, 200, null, "1x", "1g"));
        assertThat(e.fleet().clientVersion()).isEqualTo("1x");
        assertThat(e.fleet().clientPointer()).isEqualTo("/fleet/generation");
        assertThat(e.probe().rate()).isEqualTo(100);
        assertThat(e.probe().demoProviders()).isEqualTo(2);
        assertThat(e.observeEvery()).isEqualTo(Duration.ofSeconds(5));
        assertThat(e.scale()).isEqualTo(1);
        assertThat(e.abortWhen()).hasSize(1);
        assertThat(e.abortWhen().get(0).describe()).contains("100.0%").contains("600 s");
        assertThat(e.phases()).extracting(p -> p.kind()).containsExactly("rampTo", "hold", "rampTo", "hold", "rampTo",
                "hold", "scaleDownTo", "hold", "rollingServerUpgrade", "hold", "rampTo", "hold",
                "rollingClientUpgrade", "hold");
        assertThat(e.phases().get(1)).isEqualTo(new Hold(Duration.ofMinutes(3)));
        assertThat(((RollingServerUpgrade) e.phases().get(8)).to()).isEqualTo("2.0.4");
        assertThat(((RollingServerUpgrade) e.phases().get(8)).awaitUpgraded()).isTrue();
        assertThat(e.phases().get(12)).isEqualTo(new RollingClientUpgrade("2x", 3, Duration.ofSeconds(30), 0));

        Timeline t = loaded.timeline();
        assertThat(t.phases()).extracting(Timeline.PlannedPhase::providers)
                .containsExactly(6000, 6000, 10000, 10000, 14000, 14000, 6000, 6000, 6000, 6000, 14000, 14000, 14000, 14000);
        assertThat(t.phases().get(7).nodeVersions()).containsExactly("1.4.1", "1.4.1", "1.4.1");
        assertThat(t.phases().get(8).nodeVersions()).containsExactly("2.0.4", "2.0.4", "2.0.4");
        assertThat(t.phases().get(12).providersByGeneration()).as("2x planned as its version").isEqualTo(java.util.Map.of("2.0.4", 14000));
        assertThat(t.phases().get(0).title()).isEqualTo("ramp to 6000 providers");
    }

    @Test
    void aTimelineAddsUp() {
        Timeline t = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"), null,
                files.distributions()).timeline();
        // 3-node cluster ~50 s, then the fleet, demo providers and probe ~30 s
        assertThat(t.setUp()).isEqualTo(Duration.ofSeconds(80));
        // rampTo 6000 at 200/s: 30 s and 5 s to settle
        assertThat(t.phases().get(0).expected()).isEqualTo(Duration.ofSeconds(35));
        assertThat(t.phases().get(0).start()).isEqualTo(t.setUp());
        // 3 x (1.x graceful stop 30 s + 2.x start 30 s + rejoin 15 s) + upgraded=true 30 s
        assertThat(t.phases().get(8).expected()).isEqualTo(Duration.ofSeconds(255));
        for (int i = 1; i < t.phases().size(); i++) {
            assertThat(t.phases().get(i).start()).isEqualTo(t.phases().get(i - 1).end());
        }
        Duration sum = t.phases().stream().map(Timeline.PlannedPhase::expected).reduce(Duration.ZERO, Duration::plus);
        assertThat(t.total()).isEqualTo(t.setUp().plus(sum)).isEqualTo(t.phases().get(13).end());
        // 3 x 3 min + 1 min + 2 min + 3 min + 3 min of holds alone
        assertThat(t.phasesTime()).isGreaterThan(Duration.ofMinutes(18));
    }

    @Test
    void theCiExperimentHasTheSameShapeAtAFiftiethOfTheProviders() {
        ValidatedExperiment full = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"),
                null, files.distributions());
        ValidatedExperiment ci = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x-ci.yaml"),
                null, files.distributions());
        assertThat(ci.experiment().scale()).isEqualTo(0.02);
        assertThat(ci.experiment().phases()).extracting(p -> p.kind())
                .isEqualTo(full.experiment().phases().stream().map(p -> p.kind()).toList());
        assertThat(ci.timeline().phases()).extracting(Timeline.PlannedPhase::providers)
                .containsExactly(120, 120, 200, 200, 280, 280, 120, 120, 120, 120, 280, 280, 280, 280);
        assertThat(ci.experiment().target().forExperiment(full.experiment().name()))
                .as("the same target but for the experiment's name, its Kubernetes resources' instance label")
                .isEqualTo(full.experiment().target());
        assertThat(ci.experiment().abortWhen()).isEqualTo(full.experiment().abortWhen());
        // the rolling server upgrade alone is ~6 minutes of real Nacos time
        assertThat(ci.timeline().total()).isLessThan(Duration.ofMinutes(11));
    }

    @Test
    void aScaleOverrideReplacesTheFilesScale() {
        ValidatedExperiment scaled = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"),
                0.01, files.distributions());
        assertThat(scaled.experiment().scale()).isEqualTo(0.01);
        assertThat(scaled.timeline().phases().get(4).providers()).isEqualTo(140);
        assertThat(scaled.timeline().phases().get(4).title()).isEqualTo("ramp to 140 providers");
    }

    @Test
    void aNonPositiveScaleOverrideIsInvalidInput() {
        assertThatThrownBy(() -> Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"),
                0.0, files.distributions()))
                .isInstanceOf(LabException.class)
                .hasMessage("--scale 0.0: more than 0 and at most 1000, as the file's scale")
                .extracting(e -> ((LabException) e).exitCode()).isEqualTo(2);
    }

    @Test
    void defaultsFillWhatAFileLeavesOut() {
        ValidatedExperiment loaded = files.load("""
                name: small
                target:
                  version: 2.0.4
                  nodes: 1
                phases:
                  - kind: rampTo
                    providers: 10
                  - kind: hold
                    for: 1m30s
                """);
        assertThat(loaded.experiment().fleet()).isEqualTo(new FleetSpec(140, 140, 200, null, null, "1g"));
        assertThat(loaded.experiment().fleet().clientVersion()).as("the default: 1.4.1").isEqualTo("1x");
        assertThat(loaded.experiment().probe().clientPointer()).isEqualTo("/probe/client");
        assertThat(loaded.experiment().probe().timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(loaded.experiment().abortWhen()).isEmpty();
        assertThat(loaded.timeline().setUp()).isEqualTo(Duration.ofSeconds(50));   // standalone 20 s + load 30 s
        assertThat(loaded.timeline().phases().get(1).expected()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void versionsAreNotCheckedWhenNoDistributionsAreBuilt() {
        Path file = files.write("""
                name: v
                target:
                  version: 9.9.9
                phases:
                  - kind: hold
                    for: 1s
                """);
        ValidatedExperiment loaded = Experiments.load(file, null, NacosDistributions.scan(files.dir().resolve("none")));
        assertThat(loaded.notes()).singleElement().asString().startsWith("Nacos versions not checked");
    }

    @Test
    void anUnknownVersionIsAnErrorWhenTheDistributionsAreBuilt() {
        Path file = files.write("""
                name: v
                target:
                  version: 9.9.9
                phases:
                  - kind: hold
                    for: 1s
                  - kind: rollingServerUpgrade
                    to: 2.0.5
                """);
        assertThatThrownBy(() -> Experiments.load(file, null, files.distributions()))
                .isInstanceOf(InvalidExperimentException.class)
                .extracting(e -> ((InvalidExperimentException) e).errors().stream().map(ExperimentError::toString).toList())
                .isEqualTo(List.of(
                        file + ":3: target.version: unknown Nacos version '9.9.9': this build has 1.4.1, 2.0.4"
                                + " (see 'upgrade-lab versions')",
                        file + ":8: phase 2.to: unknown Nacos version '2.0.5': this build has 1.4.1, 2.0.4"
                                + " (see 'upgrade-lab versions')"));
    }

    @Test
    void durationsRoundTripThroughTheMapper() throws IOException {
        Experiment e = Experiments.load(FakeDistributions.experiments().resolve("nacos-1x-to-2x.yaml"), null,
                files.distributions()).experiment();
        String json = ExperimentBinder.mapper().writeValueAsString(e);
        assertThat(json).contains("\"observeEvery\":\"5s\"").contains("\"for\":\"3m\"");
        assertThat(ExperimentBinder.mapper().readValue(json, Experiment.class)).isEqualTo(e);
        assertThat(io.upgradelab.runner.Durations.exact(Duration.ofMillis(90_500))).isEqualTo("1m30s500ms");
    }
}
