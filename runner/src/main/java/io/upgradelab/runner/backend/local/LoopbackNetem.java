package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NetworkDisturbance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Delays or drops the packets sent to some local ports, with Linux traffic control (tc netem) on
 * the loopback device: a {@code prio} root qdisc whose extra fourth band holds a netem qdisc, and
 * one u32 filter per destination port steering into it. Everything else on the loopback device
 * keeps the default path (the first three bands, with the default priority map).
 *
 * <p>It needs root, or CAP_NET_ADMIN, the {@code tc} program (Debian package iproute2) and a kernel
 * with the prio and netem queueing disciplines (modules sch_prio and sch_netem, in every common
 * distribution kernel; some minimal VM kernels lack them): that is why network faults are the only
 * local faults that can be refused. The root qdisc carries a
 * handle of its own ({@value #HANDLE}), so a leftover of a run that was killed mid-fault is
 * recognised and replaced, and a root qdisc somebody else set up is never touched. To clear one by
 * hand: {@code tc qdisc del dev lo root}.
 */
public final class LoopbackNetem {

    static final String DEVICE = "lo";
    static final String HANDLE = "7ab1:";
    private static final String BAND = "7ab1:4";
    private static final String DEFAULT_PRIOMAP = "1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1";
    private static final long TC_TIMEOUT_SECONDS = 10;

    private boolean active;

    /** The tc commands that disturb the packets to {@code ports}, in the order they run. */
    static List<List<String>> disturbCommands(Collection<Integer> ports, NetworkDisturbance disturbance) {
        List<List<String>> commands = new ArrayList<>();
        commands.add(new ArrayList<>(List.of("tc", "qdisc", "replace", "dev", DEVICE, "root", "handle", HANDLE, "prio",
                "bands", "4", "priomap")));
        commands.get(0).addAll(List.of(DEFAULT_PRIOMAP.split(" ")));
        List<String> netem = new ArrayList<>(List.of("tc", "qdisc", "add", "dev", DEVICE, "parent", BAND, "handle",
                "7ab2:", "netem"));
        netem.addAll(switch (disturbance.kind()) {
            case DELAY -> List.of("delay", disturbance.delay().toMillis() + "ms");
            case LOSS -> List.of("loss", percent(disturbance.lossPercent()));
            case PARTITION -> List.of("loss", "100%");
        });
        commands.add(netem);
        for (int port : ports) {
            commands.add(List.of("tc", "filter", "add", "dev", DEVICE, "parent", HANDLE, "protocol", "ip", "prio", "1",
                    "u32", "match", "ip", "dport", String.valueOf(port), "0xffff", "flowid", BAND));
        }
        return commands;
    }

    static List<String> restoreCommand() {
        return List.of("tc", "qdisc", "del", "dev", DEVICE, "root");
    }

    /**
     * Disturbs the packets to {@code ports} until {@link #restore()}; one disturbance at a time.
     *
     * @throws LabException FAILED when tc is missing, the caller lacks CAP_NET_ADMIN, or the loopback
     *                      device has a root qdisc that is not ours
     */
    public synchronized void disturb(Collection<Integer> ports, NetworkDisturbance disturbance) {
        if (active) {
            throw new LabException(LabException.FAILED, "the loopback network is already disturbed: one network fault at a time");
        }
        String root = rootQdisc();
        if (!root.isBlank() && !root.contains("noqueue") && !ours(root)) {
            throw new LabException(LabException.FAILED, "the loopback device already has a root qdisc that upgrade-lab"
                    + " did not set up (" + root.strip() + "); a network fault would replace it, so none is injected");
        }
        active = true;
        try {
            disturbCommands(ports, disturbance).forEach(LoopbackNetem::run);
        } catch (LabException e) {
            try {
                restore();
            } catch (LabException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
    }

    /** Undoes {@link #disturb}; does nothing when nothing is disturbed. */
    public synchronized void restore() {
        if (active) {
            active = false;
            if (ours(rootQdisc())) {
                run(restoreCommand());
            }
        }
    }

    /**
     * Removes the loopback device's root qdisc if it is the lab's (handle {@value #HANDLE}), as a
     * killed run leaves it; a root qdisc somebody else set up is left alone. The handle names no
     * owner, so a network fault of a run still going is removed too. False when there was none (or
     * no tc program on PATH, so none can have been set up).
     */
    public static boolean removeLeftover() {
        if (LoopbackFirewall.onPath("tc").isEmpty() || !ours(rootQdisc())) {
            return false;
        }
        run(restoreCommand());
        return true;
    }

    private static String rootQdisc() {
        return run(List.of("tc", "qdisc", "show", "dev", DEVICE, "root"));
    }

    private static boolean ours(String rootQdisc) {
        return rootQdisc.contains("qdisc prio " + HANDLE);
    }

    private static String hint(String tcOutput) {
        if (tcOutput.contains("Operation not permitted")) {
            return " (network faults on the local backend need root or CAP_NET_ADMIN)";
        }
        if (tcOutput.contains("qdisc kind is unknown")) {
            return " (this kernel lacks the prio or netem queueing discipline, modules sch_prio and sch_netem:"
                    + " network faults on the local backend cannot be done on this machine)";
        }
        return "";
    }

    private static String percent(double value) {
        return (value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value)) + "%";
    }

    /**
     * Runs one tc command; its standard output, or a LabException with what tc said. It runs to its
     * end also when the thread was interrupted (a stopped run must still restore the network); the
     * interrupt is kept for the caller.
     */
    private static String run(List<String> command) {
        boolean interrupted = Thread.interrupted();
        try {
            Process tc = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(tc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!tc.waitFor(TC_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                tc.destroyForcibly();
                throw new LabException(LabException.FAILED, String.join(" ", command) + ": no answer in "
                        + TC_TIMEOUT_SECONDS + " s");
            }
            if (tc.exitValue() != 0) {
                throw new LabException(LabException.FAILED, String.join(" ", command) + " failed: " + output.strip()
                        + hint(output));
            }
            return output;
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot run tc (Debian package iproute2), needed by network faults"
                    + " on the local backend: " + e.getMessage());
        } catch (InterruptedException e) {
            interrupted = true;
            throw new LabException(LabException.FAILED, String.join(" ", command) + ": interrupted");
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
