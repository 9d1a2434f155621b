package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The waits and warnings each pair of server versions chooses, for the paths teams take. */
class UpgradePathTest {

    @Test
    void oneXToTwoZeroDoubleWritesUntilUpgraded() {
        UpgradePath path = new UpgradePath("1.4.1", "2.0.4");
        assertThat(path.awaitsUpgraded()).isTrue();
        assertThat(path.anyHeir()).isFalse();
        assertThat(path.unsupported()).isEmpty();
        assertThat(new UpgradePath("1.4.1", "2.1.2").awaitsUpgraded()).isTrue();
    }

    @Test
    void betweenTwoXVersionsThereIsNothingToAwaitAndAnyNodeMayLead() {
        for (UpgradePath path : new UpgradePath[] {new UpgradePath("2.0.4", "2.3.2"),
                new UpgradePath("2.2.3", "2.3.2"), new UpgradePath("2.3.2", "2.5.1"), new UpgradePath("2.3.2", "3.0.1")}) {
            assertThat(path.awaitsUpgraded()).as(path.toString()).isFalse();
            assertThat(path.anyHeir()).as(path.toString()).isTrue();
            assertThat(path.unsupported()).as(path.toString()).isEmpty();
        }
    }

    @Test
    void oneXStraightToTwoTwoOrLaterIsUnsupportedAndSaysTheWayRound() {
        UpgradePath path = new UpgradePath("1.4.1", "2.2.3");
        assertThat(path.awaitsUpgraded()).isFalse();
        assertThat(path.unsupported()).hasValueSatisfying(message -> assertThat(message)
                .contains("#9815", "#11420", "1.4.1 -> 2.0.4 -> 2.2.3"));
        assertThat(new UpgradePath("1.4.1", "3.0.1").unsupported()).isPresent();
    }

    @Test
    void aDowngradeToOneXIsUnsupported() {
        assertThat(new UpgradePath("2.0.4", "1.4.1").unsupported()).hasValueSatisfying(message -> assertThat(message)
                .contains("downgrade"));
    }

    @Test
    void theSwitchToTwoXModeFollowsTheStepThatTakesTheLastOneXNodeAway() {
        UpgradePath path = new UpgradePath("1.4.1", "2.0.4");
        assertThat(path.endsCompatibilityMode(List.of("2.0.4", "2.0.4", "2.0.4"))).isTrue();
        assertThat(path.endsCompatibilityMode(List.of("2.0.4", "2.0.4", "1.4.1"))).as("a 1.x node is left").isFalse();
        assertThat(new UpgradePath("2.0.4", "2.3.2").endsCompatibilityMode(List.of("2.3.2", "2.0.4", "2.0.4")))
                .as("no 1.x node left this step").isFalse();
        assertThat(new UpgradePath("1.4.1", "2.3.2").endsCompatibilityMode(List.of("2.3.2", "2.3.2", "2.3.2")))
                .as("2.2 and later have no 1.x-compatible mode to leave").isFalse();
        assertThat(new UpgradePath("1.4.1", "2.3.2").endsCompatibilityMode(List.of("2.3.2", "2.0.4", "2.0.4")))
                .as("the 2.0.4 nodes still leave theirs").isTrue();
    }

    @Test
    void twoXModeIsDueOnceNoOneXNodeRuns() {
        assertThat(UpgradePath.twoXModeDue(List.of("2.0.4", "2.3.2", "3.0.1"))).isTrue();
        assertThat(UpgradePath.twoXModeDue(List.of("2.0.4", "1.4.1"))).isFalse();
        assertThat(UpgradePath.twoXModeDue(List.of())).as("no node: nothing to ask").isFalse();
    }

    @Test
    void onlyTwoZeroAndTwoOneHaveTheCompatibilityMode() {
        assertThat(NacosVersions.hasCompatibilityMode("2.0.4")).isTrue();
        assertThat(NacosVersions.hasCompatibilityMode("2.1.0")).isTrue();
        assertThat(NacosVersions.hasCompatibilityMode("2.2.3")).isFalse();
        assertThat(NacosVersions.hasCompatibilityMode("2.10.0")).isFalse();
        assertThat(NacosVersions.hasCompatibilityMode("1.4.1")).isFalse();
        assertThat(NacosVersions.hasCompatibilityMode("3.0.1")).isFalse();
        assertThat(NacosVersions.hasCompatibilityMode("2.1.0-BETA")).isTrue();
    }

    @Test
    void onlyAFirstStartOnThreeXMigratesTheNamespace() {
        assertThat(new UpgradePath("2.3.2", "3.1.0").migratesNamespace()).isTrue();
        assertThat(new UpgradePath("1.4.1", "3.1.0").migratesNamespace()).isTrue();
        assertThat(new UpgradePath("3.1.0", "3.1.0-bugfix").migratesNamespace()).isFalse();
        assertThat(new UpgradePath("2.0.4", "2.3.2").migratesNamespace()).isFalse();
    }
}
