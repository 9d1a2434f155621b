package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A CPU limit for one node's process, in cores ({@code target.local.nodeCpus}), as the resource-size
 * benchmark report ran nodes of 1, 2, 4 and 8 cores: a cgroup of the lab's own per node, with
 * {@code cpu.max} on cgroup v2 or {@code cpu.cfs_quota_us} on the v1 cpu controller, whichever this
 * machine mounts with the cpu controller. The process goes into it once started; the cgroup is removed
 * when the node is closed. Where neither can be written (no root, no delegation), {@link #open} says
 * so with what was tried, before anything starts.
 *
 * <p>A node's cgroup is named after the runner's pid ({@code upgrade-lab-PID-node-N}): a runner that
 * was killed cannot remove its cgroups, and {@link #removeLeftovers()} ({@code upgrade-lab cleanup})
 * knows them by the pid that is gone.
 */
public final class CpuLimit implements AutoCloseable {

    /** cfs period: 100 ms, the kernel's default. */
    private static final long PERIOD_MICROS = 100_000;
    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    /** Candidates, in order: the v2 unified root, a v2 hierarchy beside v1 ones, the v1 cpu controller. */
    private static final List<Path> HIERARCHIES = List.of(ROOT, ROOT.resolve("unified"), ROOT.resolve("cpu"),
            ROOT.resolve("cpu,cpuacct"));

    private static final Pattern NODE_GROUP = Pattern.compile("upgrade-lab-(\\d{1,10})-node-\\d+");

    private final Path group;
    private final boolean v2;

    private CpuLimit(Path group, boolean v2) {
        this.group = group;
        this.v2 = v2;
    }

    /** The hierarchy that can limit CPU here, and whether it is v2; empty when none can. */
    static Optional<Path> hierarchy() {
        for (Path h : HIERARCHIES) {
            if (isV2WithCpu(h) || Files.isRegularFile(h.resolve("cpu.cfs_quota_us"))) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    private static boolean isV2WithCpu(Path hierarchy) {
        try {
            Path controllers = hierarchy.resolve("cgroup.subtree_control");
            return Files.isRegularFile(controllers) && Files.readString(controllers).contains("cpu");
        } catch (IOException e) {
            return false;
        }
    }

    /** The cgroup name of this runner's node {@code number}. */
    static String nodeGroup(int number) {
        return "upgrade-lab-" + ProcessHandle.current().pid() + "-node-" + number;
    }

    /**
     * Removes the node cgroups of runners that are gone (pid not a live process), and returns them. A
     * cgroup that still holds a process is left: the kernel refuses to remove it, which is the safe
     * answer (that process may outlive its runner for a while). Empty where no cgroup limits CPU.
     */
    public static List<Path> removeLeftovers() {
        Optional<Path> hierarchy = hierarchy();
        if (hierarchy.isEmpty()) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> groups = Files.list(hierarchy.get())) {
            for (Path group : groups.filter(Files::isDirectory).sorted().toList()) {
                Matcher m = NODE_GROUP.matcher(group.getFileName().toString());
                if (m.matches() && ownerGone(Long.parseLong(m.group(1))) && removed(group)) {
                    removed.add(group);
                }
            }
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot list the cgroups in " + hierarchy.get() + ": "
                    + e.getMessage());
        }
        return removed;
    }

    private static boolean ownerGone(long pid) {
        return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty();
    }

    private static boolean removed(Path group) {
        try {
            Files.delete(group);
            return true;
        } catch (AccessDeniedException e) {
            throw new LabException(LabException.FAILED, "cannot remove cgroup " + group + " (permission denied): it"
                    + " needs root, like the CPU limit that made it");
        } catch (IOException e) {
            return false;   // still holds a process (EBUSY)
        }
    }

    /** A new cgroup {@code name} limited to {@code cores}; a FAILED LabException naming what could not be written. */
    static CpuLimit open(String name, double cores) {
        Path hierarchy = hierarchy().orElseThrow(() -> new LabException(LabException.INVALID_INPUT,
                "target.local.nodeCpus: this machine has no cgroup that limits CPU (looked for cpu in "
                        + ROOT + "/cgroup.subtree_control and for cpu.cfs_quota_us under " + HIERARCHIES
                        + "); leave nodeCpus out here"));
        boolean v2 = isV2WithCpu(hierarchy);
        Path group = hierarchy.resolve(name);
        long quota = Math.max(1000, Math.round(cores * PERIOD_MICROS));
        try {
            Files.createDirectories(group);
            if (v2) {
                write(group.resolve("cpu.max"), quota + " " + PERIOD_MICROS);
            } else {
                write(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_MICROS));
                write(group.resolve("cpu.cfs_quota_us"), Long.toString(quota));
            }
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "target.local.nodeCpus: cannot set a CPU limit in " + group + " ("
                    + e.getMessage() + "): it needs root, or a cgroup delegated to this user");
        }
        return new CpuLimit(group, v2);
    }

    /** Moves process {@code pid} (every thread of it) into the cgroup. */
    void place(long pid) {
        try {
            write(group.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "target.local.nodeCpus: cannot move process " + pid + " into " + group
                    + ": " + e.getMessage());
        }
    }

    /** The limit as the kernel holds it, in cores. */
    double cores() {
        try {
            String value = v2 ? Files.readString(group.resolve("cpu.max")).trim().split(" ")[0]
                    : Files.readString(group.resolve("cpu.cfs_quota_us")).trim();
            return Long.parseLong(value) / (double) PERIOD_MICROS;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    Path group() {
        return group;
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    /** Removes the cgroup; the kernel refuses while a process is still in it, and then it is left (empty ones cost nothing). */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(group);
        } catch (IOException e) {
            // still holds a process that outlived its stop: left for the kernel
        }
    }
}
