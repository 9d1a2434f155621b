package io.upgradelab.runner.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.StopReport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Several fleet processes (pods) read as one fleet. */
class FleetStatusesTest {

    private static final StopReport STOP_A = new StopReport(10, 8, 1, 2, 1, "", 3.5);
    private static final StopReport STOP_B = new StopReport(5, 5, 0, 0, 1, "refused", 4.0);

    @Test
    void countsAreSummedBusyWhenAnyIsAndTargetAndLastStopAreTheWholeFleets() {
        FleetStatus a = new FleetStatus(Map.of("1.4.1", 10), Map.of("1.4.1", 1), 10, false, 2, 0, "", STOP_A,
                1.5, 2.0, 30, 100);
        FleetStatus b = new FleetStatus(Map.of("1.4.1", 5, "2.0.4", 10), Map.of("1.4.1", 1, "2.0.4", 1), 15, true, 1, 3,
                "timeout", STOP_B, 0.5, 1.0, 20, 50);
        StopReport whole = new StopReport(1, 1, 0, 0, 1, "", 1);

        FleetStatus sum = FleetStatuses.sum(List.of(a, b), 25, whole);

        assertThat(sum.providers()).containsExactly(Map.entry("1.4.1", 15), Map.entry("2.0.4", 10));
        assertThat(sum.processes()).containsExactly(Map.entry("1.4.1", 2), Map.entry("2.0.4", 1));
        assertThat(sum.target()).isEqualTo(25);
        assertThat(sum.busy()).isTrue();
        assertThat(sum.registrationFailures()).isEqualTo(3);
        assertThat(sum.clientErrors()).isEqualTo(3);
        assertThat(sum.lastError()).isEqualTo("timeout");
        assertThat(sum.lastStop()).isEqualTo(whole);
        assertThat(sum.beatsPerSecond()).isEqualTo(2.0);
        assertThat(sum.cpuPercent()).isEqualTo(50);
        assertThat(sum.rssBytes()).isEqualTo(150);
        assertThat(FleetStatuses.sum(List.of(), 0, StopReport.NONE).busy()).isFalse();
    }

    @Test
    void stopsOverSeveralProcessesAreOneStop() {
        assertThat(FleetStatuses.sum(List.of(STOP_A, STOP_B))).isEqualTo(new StopReport(15, 13, 1, 2, 2, "refused", 4.0));
    }
}
