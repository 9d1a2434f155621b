package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.NodeResources;
import org.junit.jupiter.api.Test;

class ProcSamplerTest {

    @Test
    void readsThisJvmsMemoryAndTheCpuItBurnsBetweenSamples() {
        ProcSampler sampler = new ProcSampler();
        long pid = ProcessHandle.current().pid();
        sampler.sample(pid);

        long until = System.nanoTime() + 300_000_000L;
        long spin = 0;
        while (System.nanoTime() < until) {
            spin++;
        }
        NodeResources busy = sampler.sample(pid);

        assertThat(spin).isPositive();
        assertThat(busy.cpuPercent()).isGreaterThan(20.0);      // one thread spun for the whole interval
        assertThat(busy.rssBytes()).isGreaterThan(10L << 20);   // a JVM is never under 10 MiB
    }

    @Test
    void aProcessThatIsGoneReadsAsZero() {
        NodeResources gone = new ProcSampler().sample(Integer.MAX_VALUE);
        assertThat(gone.cpuPercent()).isZero();
        assertThat(gone.rssBytes()).isZero();
    }
}
