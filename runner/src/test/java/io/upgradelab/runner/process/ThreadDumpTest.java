package io.upgradelab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadDumpTest {

    @TempDir
    Path dir;

    @Test
    void aRunningJvmGivesItsThreadsAndTheTopOfOneOfThem() {
        String name = Thread.currentThread().getName();
        Thread.currentThread().setName("dumped-test-thread");
        try {
            ThreadDump dump = ThreadDump.take(ProcessHandle.current().pid(), dir.resolve("threads.txt")).orElseThrow();
            assertThat(dump.file()).isRegularFile();
            assertThat(dump.top("dumped-test-thread", 3)).hasValueSatisfying(top ->
                    assertThat(top).contains(" < ").doesNotStartWith("at "));
            assertThat(dump.top("no such thread", 3)).isEmpty();
        } finally {
            Thread.currentThread().setName(name);
        }
    }

    @Test
    void aProcessThatIsGoneGivesNothing() {
        assertThat(ThreadDump.take(Integer.MAX_VALUE - 7, dir.resolve("gone.txt"))).isEmpty();
    }

    @Test
    void theTopIsTheFirstFramesOfTheNamedThreadOnly() {
        ThreadDump dump = ThreadDump.of(dir.resolve("d.txt"), List.of(
                "\"main\" #1 prio=5 os_prio=0 cpu=1.00ms tid=0x1 nid=0x2 waiting on condition",
                "   java.lang.Thread.State: TIMED_WAITING (sleeping)",
                "\tat java.lang.Thread.sleep(java.base@17/Native Method)",
                "\tat com.alibaba.nacos.core.Raft.await(Raft.java:10)",
                "\tat com.alibaba.nacos.Nacos.main(Nacos.java:5)",
                "",
                "\"other\" #2 prio=5",
                "\tat x.Y.z(Y.java:1)"));
        assertThat(dump.top("main", 2)).hasValue(
                "java.lang.Thread.sleep(java.base@17/Native Method) < com.alibaba.nacos.core.Raft.await(Raft.java:10)");
        assertThat(dump.top("other", 5)).hasValue("x.Y.z(Y.java:1)");
    }
}
