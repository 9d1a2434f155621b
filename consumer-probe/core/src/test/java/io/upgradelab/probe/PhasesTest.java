package io.upgradelab.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.ProbePhase;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A call belongs to the phase its intended start fell in, as the runner told the probe of them. */
class PhasesTest {

    private static final Instant START = Instant.parse("2026-11-22T04:38:26.758Z");

    @Test
    void aCallBelongsToTheLastPhaseThatBeganAtOrBeforeItsIntendedStart() {
        Phases phases = new Phases();
        long t = START.toEpochMilli();
        assertThat(phases.labelAt(t, "DemoService.sayHello")).isEqualTo("DemoService.sayHello");

        phases.began(new ProbePhase(1, "ramp to 120 providers", START));
        phases.began(new ProbePhase(2, "hold 10s at 120 providers", START.plusMillis(4_386)));

        assertThat(phases.labelAt(t - 1, "none")).isEqualTo("none");
        assertThat(phases.labelAt(t, "none")).isEqualTo("phase 1: ramp to 120 providers");
        assertThat(phases.labelAt(t + 4_385, "none")).isEqualTo("phase 1: ramp to 120 providers");
        assertThat(phases.labelAt(t + 4_386, "none")).isEqualTo("phase 2: hold 10s at 120 providers");
        assertThat(phases.labelAt(t + 3_600_000, "none")).isEqualTo("phase 2: hold 10s at 120 providers");
    }
}
