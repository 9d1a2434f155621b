package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.backend.NodeResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * CPU% and RSS of local processes, read from {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}.
 *
 * <p>CPU is the process's user+system time between two samples of the same pid, over the wall
 * time between them; the first sample of a pid averages over the process's whole life.
 */
public final class ProcSampler {

    /** USER_HZ: the unit of /proc's CPU times, 100 on every Linux architecture the JDK runs on. */
    private static final double TICKS_PER_SECOND = 100.0;

    private record Reading(long cpuTicks, long atNanos) {
    }

    private final Map<Long, Reading> previous = new ConcurrentHashMap<>();

    /** Samples process {@code pid}; a process that is gone reads as zero. */
    public NodeResources sample(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            long now = System.nanoTime();
            // fields after the command name, which may itself contain spaces and parentheses
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);        // utime, stime
            Reading last = previous.put(pid, new Reading(ticks, now));
            double seconds;
            long usedTicks;
            if (last == null) {
                long startTicks = Long.parseLong(f[19]);                          // starttime since boot
                seconds = uptimeSeconds() - startTicks / TICKS_PER_SECOND;
                usedTicks = ticks;
            } else {
                seconds = (now - last.atNanos()) / 1e9;
                usedTicks = ticks - last.cpuTicks();
            }
            double cpu = seconds <= 0 ? 0 : 100.0 * usedTicks / TICKS_PER_SECOND / seconds;
            return new NodeResources(cpu, rssBytes(pid));
        } catch (NoSuchFileException e) {
            previous.remove(pid);
            return new NodeResources(0, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long rssBytes(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
            }
        }
        return 0;
    }

    private static double uptimeSeconds() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/uptime")).split(" ")[0]);
    }
}
