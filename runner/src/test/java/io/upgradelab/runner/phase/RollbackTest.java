package io.upgradelab.runner.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.fixture.FakeBackend;
import io.upgradelab.runner.fixture.FakeRunContext;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A rollback after an upgrade stopped part way: planned (which nodes, back to what), and run against
 * stand-in nodes (the fixture's {@link FakeBackend}): the nodes moved so far go back, the last moved first,
 * each journalled as a rollback step; one that does not come back fails the phase, saying so. The real
 * rollbacks run as benches (docs/runs/rollback).
 */
class RollbackTest {

    private FakeBackend cluster;

    @AfterEach
    void stopNodes() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static RollingServerUpgrade upgrade(String to, List<Integer> nodes) {
        return new RollingServerUpgrade(to, null, false, null, null, false, false, nodes);
    }

    @Test
    void thePlanRollsBackTheNodesMovedSoFarLastFirst() {
        PlannedState state = new PlannedState(3, "2.3.2", "2.5.1", 2, "local", EnumSet.allOf(Capability.class));
        Problems problems = new Problems();
        assertThat(upgrade("3.1.0", List.of(1, 2)).title(state)).isEqualTo("rolling server upgrade to 3.1.0 (nodes 1, 2 of 3)");
        upgrade("3.1.0", List.of(1, 2)).plan(state, problems);
        assertThat(state.nodeVersions()).containsExactly("3.1.0", "3.1.0", "2.3.2");

        Rollback rollback = new Rollback(null, null);
        assertThat(rollback.title(state)).isEqualTo("roll back nodes 2 to 2.3.2, 1 to 2.3.2");
        assertThat(rollback.plan(state, problems)).isPositive();
        assertThat(state.nodeVersions()).containsOnly("2.3.2");
        assertThat(problems.all()).isEmpty();

        rollback.plan(state, problems);
        assertThat(problems.all()).singleElement().satisfies(p ->
                assertThat(p.message()).contains("nothing to roll back"));
    }

    @Test
    void aPartialUpgradeFromOneXWaitsForNoUpgradedStateAndListsItsNodes() {
        PlannedState state = new PlannedState(3, "1.4.1", "1.4.1", 2, "local", EnumSet.allOf(Capability.class));
        Problems problems = new Problems();
        new RollingServerUpgrade("2.0.4", true, false, null, null, false, false, List.of(1)).plan(state, problems);
        assertThat(problems.all()).singleElement().satisfies(p -> assertThat(p.message()).contains("upgraded=true needs"));
        Problems outside = new Problems();
        upgrade("2.0.4", List.of(4)).plan(state, outside);
        assertThat(outside.all()).singleElement().satisfies(p -> assertThat(p.message()).contains("from 1 to 3"));
    }

    @Test
    void theRunRollsBackEachMovedNodeAsARollbackStep() throws InterruptedException {
        cluster = FakeBackend.standingIn(3, "1.4.0");
        FakeRunContext run = new FakeRunContext(cluster).observingTheFakes();
        upgrade("1.4.1", List.of(1, 2)).run(run);

        new Rollback(Duration.ofMinutes(1), false).run(run);

        assertThat(cluster.calls().of("upgradeNode")).containsExactly("upgradeNode [1, 1.4.1, true]",
                "upgradeNode [2, 1.4.1, true]", "upgradeNode [2, 1.4.0, true]", "upgradeNode [1, 1.4.0, true]");
        List<Map<String, Object>> rollbackSteps = run.journal().stream()
                .filter(line -> Boolean.TRUE.equals(line.get("rollback"))).toList();
        assertThat(rollbackSteps).extracting(line -> line.get("node") + " " + line.get("stage") + " " + line.get("to"))
                .containsExactly("2 stopping 1.4.0", "2 up 1.4.0", "2 done 1.4.0", "1 stopping 1.4.0", "1 up 1.4.0",
                        "1 done 1.4.0");
        assertThat(run.versionHistory().lastChangedFirst()).isEmpty();
        assertThat(List.of(cluster.version(1), cluster.version(2), cluster.version(3))).containsOnly("1.4.0");
    }

    @Test
    void aNodeThatDoesNotComeBackIsJournalledAndFailsThePhase() throws InterruptedException {
        cluster = FakeBackend.standingIn(3, "1.4.0");
        FakeRunContext run = new FakeRunContext(cluster).observingTheFakes();
        upgrade("1.4.1", List.of(1)).run(run);
        cluster.failUpgradeOf(1, new IllegalStateException("Fail to init RocksDBLogStorage"));

        assertThatThrownBy(() -> new Rollback(Duration.ofMinutes(1), false).run(run)).isInstanceOf(PhaseFailure.class)
                .hasMessageContaining("node 1 did not come back on 1.4.0 after 1.4.1: Fail to init RocksDBLogStorage");
        assertThat(run.journal()).anySatisfy(line -> assertThat(line).containsEntry("kind", "nodeNotBack")
                .containsEntry("node", 1));
    }
}
