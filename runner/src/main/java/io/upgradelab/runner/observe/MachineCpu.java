package io.upgradelab.runner.observe;

import io.upgradelab.journal.MachineSample;
import io.upgradelab.runner.journal.Journal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine the lab runs on: idle and steal CPU (percent of all cores) since the previous sample,
 * from {@code /proc/stat}. The fleet and the probe share this machine (and, on the local backend,
 * the nodes do too), so a phase whose machine had no idle CPU left, or whose hypervisor took a large
 * share, measured the machine rather than Nacos; the reports flag it.
 */
public final class MachineCpu implements Observer {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    private final Path source;
    private CpuTimes previous;

    public MachineCpu() {
        this(PROC_STAT);
    }

    /** Reading another file in {@code /proc/stat}'s format: tests. */
    MachineCpu(Path source) {
        this.source = source;
    }

    @Override
    public String name() {
        return "machine";
    }

    @Override
    public synchronized void observe(Observed observed, Observations into, Journal journal) {
        CpuTimes now;
        try {
            now = CpuTimes.parse(Files.readAllLines(source));
        } catch (IOException | IllegalArgumentException e) {
            return;   // not Linux, or an unreadable line: no machine sample (the reports say "not measured")
        }
        if (previous != null && now.total() > previous.total()) {
            journal.append(sample(now.since(previous)));
        }
        previous = now;
    }

    /** The journal line of one interval. */
    static MachineSample sample(CpuTimes.Shares shares) {
        return new MachineSample(Runtime.getRuntime().availableProcessors(), shares.idlePercent(),
                shares.stealPercent());
    }

    /**
     * The aggregate {@code cpu} line's counters, in clock ticks.
     *
     * @param idle  idle plus iowait: time no runnable thread wanted
     * @param steal time the hypervisor gave another guest
     * @param total every counter (guest time is already in user time, so it is left out)
     */
    record CpuTimes(long idle, long steal, long total) {

        static CpuTimes parse(Iterable<String> lines) {
            for (String line : lines) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    long[] v = new long[Math.min(f.length - 1, 8)];
                    for (int i = 0; i < v.length; i++) {
                        v[i] = Long.parseLong(f[i + 1]);
                    }
                    long total = 0;
                    for (long x : v) {
                        total += x;
                    }
                    return new CpuTimes(v[3] + (v.length > 4 ? v[4] : 0), v.length > 7 ? v[7] : 0, total);
                }
            }
            throw new IllegalArgumentException("no aggregate cpu line");
        }

        Shares since(CpuTimes earlier) {
            double elapsed = total - earlier.total;
            return new Shares(round(100 * (idle - earlier.idle) / elapsed), round(100 * (steal - earlier.steal) / elapsed));
        }

        private static double round(double percent) {
            return Math.round(percent * 10) / 10.0;
        }

        /** Percent of all cores over one interval. */
        record Shares(double idlePercent, double stealPercent) {
        }
    }
}
