package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * target.local.nodeCpus on this machine's real cgroups (v1 cpu controller here, v2 cpu.max elsewhere): a
 * process placed in a node's cgroup is held to the limit, and the cgroup is gone after close; the
 * cleanup removes the node cgroups of dead runners only.
 */
class CpuLimitTest {

    @Test
    void aProcessInTheNodesCgroupIsHeldToItsLimitAndTheCgroupGoesAway() throws Exception {
        assumeTrue(CpuLimit.hierarchy().isPresent(), "no cgroup limits CPU on this machine");
        // the loop is the process itself (no wrapper whose child would escape the cgroup), and ends by itself
        Process busy = new ProcessBuilder("bash", "-c", "end=$((SECONDS + 20)); while [ $SECONDS -lt $end ]; do :; done")
                .start();
        CpuLimit limit = CpuLimit.open("upgrade-lab-test-" + ProcessHandle.current().pid(), 0.2);
        try {
            limit.place(busy.pid());
            assertThat(limit.cores()).isEqualTo(0.2);
            assertThat(Files.readString(limit.group().resolve("cgroup.procs"))).contains(Long.toString(busy.pid()));
            double before = cpuSeconds(busy.pid());
            Thread.sleep(2000);
            double used = cpuSeconds(busy.pid()) - before;
            assertThat(used).as("CPU seconds in 2 s under a 0.2-core limit (a free loop takes ~2)").isLessThan(0.8);
        } finally {
            busy.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            waitUntilEmpty(limit);
            limit.close();
        }
        assertThat(limit.group()).doesNotExist();
    }

    @Test
    void leftoversAreTheEmptyNodeCgroupsOfRunnersThatAreGone() throws Exception {
        assumeTrue(CpuLimit.hierarchy().isPresent(), "no cgroup limits CPU on this machine");
        // readAllLines: Files.readString reads but the first byte of this sysctl file on some kernels
        long deadPid = Long.parseLong(Files.readAllLines(Path.of("/proc/sys/kernel/pid_max")).get(0).strip()) + 1;
        Process alive = new ProcessBuilder("sleep", "60").start();
        Path dead = CpuLimit.hierarchy().get().resolve("upgrade-lab-" + deadPid + "-node-1");
        Path live = CpuLimit.hierarchy().get().resolve("upgrade-lab-" + alive.pid() + "-node-1");
        Path own = CpuLimit.hierarchy().get().resolve(CpuLimit.nodeGroup(1));
        try {
            for (Path group : List.of(dead, live, own)) {
                Files.createDirectory(group);
            }

            assertThat(CpuLimit.removeLeftovers()).contains(dead).doesNotContain(live, own);
            assertThat(dead).doesNotExist();
            assertThat(live).isDirectory();
            assertThat(own).isDirectory();
        } finally {
            alive.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            for (Path group : List.of(dead, live, own)) {
                Files.deleteIfExists(group);
            }
        }
    }

    private static void waitUntilEmpty(CpuLimit limit) throws Exception {
        for (int i = 0; i < 50 && !Files.readString(limit.group().resolve("cgroup.procs")).isBlank(); i++) {
            Thread.sleep(100);
        }
    }

    /** The process's user and system CPU time, from /proc/PID/stat (clock ticks of 1/100 s). */
    private static double cpuSeconds(long pid) throws Exception {
        String stat = Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
    }
}
