package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The status line fitted to a width: the least telling parts go first, the probe's outcomes stay. */
class RunDisplayTest {

    private static final String LINE = "[3/16 2m10s of ~3m] hold 1m at 6000 providers | instances 6000 6000 5990 (6000"
            + " registered) | CPU 25 30 28% | probe 5990 ok, 10 no-provider, 0 other errors | run 9m of ~40m";

    @Test
    void aWideTerminalShowsItWholeAndAnUnknownWidthCutsNothing() {
        assertThat(RunDisplay.fit(LINE, 240)).isEqualTo(LINE);
        assertThat(RunDisplay.fit(LINE, 0)).isEqualTo(LINE);
    }

    @Test
    void tooWideItDropsTheRunsTimeThenCpuThenInstancesAndCutsThePhaseLast() {
        assertThat(RunDisplay.fit(LINE, 160)).isEqualTo("[3/16 2m10s of ~3m] hold 1m at 6000 providers | instances 6000"
                + " 6000 5990 (6000 registered) | CPU 25 30 28% | probe 5990 ok, 10 no-provider, 0 other errors");
        assertThat(RunDisplay.fit(LINE, 140)).isEqualTo("[3/16 2m10s of ~3m] hold 1m at 6000 providers | instances 6000"
                + " 6000 5990 (6000 registered) | probe 5990 ok, 10 no-provider, 0 other errors");
        assertThat(RunDisplay.fit(LINE, 100)).isEqualTo("[3/16 2m10s of ~3m] hold 1m at 6000 providers | probe 5990 ok,"
                + " 10 no-provider, 0 other errors");
        String narrow = RunDisplay.fit(LINE, 60);
        assertThat(narrow).hasSizeLessThan(60).endsWith("… | probe 5990 ok, 10 no-provider, 0 other errors");
        assertThat(RunDisplay.fit(LINE, 20)).hasSizeLessThan(20);
    }
}
