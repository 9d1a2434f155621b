package io.upgradelab.runner.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineCpuTest {

    @Test
    void idleCountsIowaitAndStealIsItsOwnShare() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        MachineCpu.CpuTimes before = MachineCpu.CpuTimes.parse(List.of(
                "cpu  1000 0 500 8000 100 0 0 400 0 0", "cpu0 500 0 250 4000 50 0 0 200 0 0"));
        MachineCpu.CpuTimes after = MachineCpu.CpuTimes.parse(List.of(
                "cpu  1500 0 600 8300 100 0 0 500 77 0"));

        MachineCpu.CpuTimes.Shares shares = after.since(before);

        // 1000 ticks passed: 300 idle, 100 stolen (guest time is already inside user time)
        assertThat(shares.idlePercent()).isEqualTo(30.0);
        assertThat(shares.stealPercent()).isEqualTo(10.0);
    }

    @Test
    void aFileWithoutTheAggregateLineIsRefused() {
        assertThatThrownBy(() -> MachineCpu.CpuTimes.parse(List.of("cpu0 1 2 3 4"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRealProcStatGivesSharesBetweenZeroAndHundred() throws Exception {
        MachineCpu.CpuTimes first = MachineCpu.CpuTimes.parse(java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")));
        long spin = System.nanoTime() + 300_000_000L;
        while (System.nanoTime() < spin) {
            Thread.onSpinWait();
        }
        MachineCpu.CpuTimes.Shares shares = MachineCpu.CpuTimes.parse(
                java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat"))).since(first);
        assertThat(shares.idlePercent()).isBetween(0.0, 100.0);
        assertThat(shares.stealPercent()).isBetween(0.0, 100.0);
    }
}
