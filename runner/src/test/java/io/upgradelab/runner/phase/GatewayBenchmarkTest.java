package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.upgradelab.journal.GatewayBenchmark.Latency;
import io.upgradelab.journal.GatewaySecond;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A phase run whole under wrk through the gateway ({@code during}): planned as itself, run after the measured runs
 * with wrk started before it and stopped after it, each of wrk's seconds a gatewaySecond line, the whole a
 * gatewayBenchmark line of its kind; kept even when the phase under it fails. Against the fixture's fakes; real wrk
 * counts its seconds in WrkTest.
 */
class GatewayBenchmarkTest {

    private static GatewayBenchmark under(Phase during, int duringConnections) {
        return new GatewayBenchmark(1, null, 0, List.of(60, 100), List.of(), Duration.ofSeconds(5), Duration.ZERO, 0, null,
                0, during, duringConnections);
    }

    private static PlannedState twoX() {
        return new PlannedState(3, "2.3.2", "2.3.2", 2, "local", EnumSet.allOf(Capability.class));
    }

    @Test
    void wrkUnderAPhaseTakesTheFewestConnectionsScaledUnlessGivenAndAddsThePhasesTime() {
        Problems problems = new Problems();
        GatewayBenchmark phase = under(new Hold(Duration.ofMinutes(3)), 0).resolve(new FleetScale(0.5, 100), problems);

        assertThat(phase.duringConnections()).isEqualTo(30);
        assertThat(under(new Hold(Duration.ofMinutes(3)), 200).resolve(new FleetScale(0.5, 100), problems).duringConnections())
                .isEqualTo(100);
        assertThat(phase.title(twoX())).endsWith(", then per second at 30 through " + phase.during().title(twoX()));
        assertThat(phase.plan(twoX(), problems)).isEqualTo(under(null, 0).resolve(new FleetScale(0.5, 100), problems)
                .plan(twoX(), problems).plus(Duration.ofMinutes(3)).plus(GatewayBenchmark.AFTER_DURING));
        assertThat(problems.all()).isEmpty();
    }

    @Test
    void aGatewayBenchmarkUnderAnotherIsRefusedForItsPorts() {
        Problems problems = new Problems();

        under(under(null, 0), 0).plan(twoX(), problems);

        assertThat(problems.all()).anySatisfy(p -> assertThat(p.message()).contains("share ports"));
    }

    @Test
    void eachSecondUnderThePhaseIsJournalledAndTheWholeRunIsALineOfItsKind(@TempDir Path dir) throws Exception {
        FakeRunContext run = new FakeRunContext().inRunDirectory(dir);

        under(new Hold(Duration.ofSeconds(1)), 60).run(run);

        assertThat(run.calls()).containsSubsequence("wrk [http://127.0.0.1:21900/demo/call, 2, 100, PT5S]",
                "wrkThrough [http://127.0.0.1:21900/demo/call, 2, 60, PT2H]", "wrkStop []", "stopGatewayRig []");
        List<GatewaySecond> seconds = run.lines().stream().filter(GatewaySecond.class::isInstance)
                .map(GatewaySecond.class::cast).toList();
        assertThat(seconds).extracting(GatewaySecond::second, GatewaySecond::responses, GatewaySecond::non2xx)
                .containsExactly(tuple(1L, 100L, 0L),
                        tuple(2L, 0L, 0L), tuple(3L, 100L, 10L));
        assertThat(seconds.get(0).time()).as("a second is placed by its end").isEqualTo(Instant.ofEpochSecond(1_800_000_001L));
        assertThat(seconds).allSatisfy(s -> assertThat(s.during()).isEqualTo("hold"));
        assertThat(run.lines()).filteredOn(io.upgradelab.journal.GatewayBenchmark.class::isInstance)
                .map(io.upgradelab.journal.GatewayBenchmark.class::cast).last()
                .satisfies(line -> {
                    assertThat(line.during()).isEqualTo("hold");
                    assertThat(line.concurrency()).isEqualTo(60);
                    assertThat(line.latency()).isEqualTo(new Latency(20, 25, 30, 900, 40, 1200));
                });
        assertThat(GatewaySecond.tally(seconds).describe()).isEqualTo(
                "3 s at a median 100 answers/s, the fewest 0 (second 2); 1 s with answers not 2xx/3xx (10 in all); 1 s"
                        + " without an answer");
    }

    @Test
    void whatWrkMeasuredIsKeptWhenThePhaseUnderItFails(@TempDir Path dir) {
        FakeRunContext run = new FakeRunContext().inRunDirectory(dir);

        assertThatThrownBy(() -> under(new Failing(), 60).run(run)).hasMessageContaining("the phase under wrk failed");

        assertThat(run.calls()).containsSubsequence("wrkThrough [http://127.0.0.1:21900/demo/call, 2, 60, PT2H]", "wrkStop []",
                "stopGatewayRig []");
        assertThat(run.lines()).filteredOn(GatewaySecond.class::isInstance).hasSize(3);
    }

    /** A phase that fails as it runs. */
    private record Failing() implements Phase {
        @Override
        public String kind() {
            return "failing";
        }

        @Override
        public String title(PlannedState state) {
            return "failing";
        }

        @Override
        public Duration plan(PlannedState state, Problems problems) {
            return Duration.ZERO;
        }

        @Override
        public void run(RunContext run) {
            throw new IllegalStateException("the phase under wrk failed");
        }
    }
}
