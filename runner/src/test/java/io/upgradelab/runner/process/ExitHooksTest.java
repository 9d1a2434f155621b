package io.upgradelab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a signal the run's own tear-down comes first and the reaper after it: a JVM of its own
 * (ExitHooksHolder) gets SIGTERM; its orderly stop still finds its child alive, a second later too,
 * and only then is the child stopped. Two separate shutdown hooks would run at once, and the reaper
 * stopped the probe while the tear-down was asking it for its summary (RunStoppedIT, in CI).
 */
class ExitHooksTest {

    @TempDir
    Path dir;

    @Test
    void theOrderlyStopRunsBeforeAnyChildIsReaped() throws Exception {
        Path record = dir.resolve("record.txt");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                ExitHooksHolder.class.getName(), record.toString()).redirectError(dir.resolve("holder.log").toFile())
                .start();
        try {
            String ready = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertThat(ready).as("the holder's first line").startsWith("ready ");
            long child = Long.parseLong(ready.substring("ready ".length()).strip());

            holder.destroy();   // SIGTERM
            assertThat(holder.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(Files.readAllLines(record)).containsExactly("orderly stop: child alive true",
                    "orderly stop: done, child alive true");
            assertThat(ProcessHandle.of(child).filter(ProcessHandle::isAlive)).as("the child, reaped after").isEmpty();
        } finally {
            holder.destroyForcibly();
        }
    }
}
