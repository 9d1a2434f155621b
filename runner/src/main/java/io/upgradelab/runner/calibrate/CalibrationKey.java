package io.upgradelab.runner.calibrate;

import io.upgradelab.runner.experiment.Experiment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a capacity frontier depends on, so that a calibration is reused only where it applies: the
 * backend, its node count and heap, the fleet's shape (services, providers per client, ramp rate),
 * the probe's rate, and the shape of the machine the lab and, on the local backend, the nodes run on
 * (cores and memory: a machine of the same kind measures the same; a host name would not survive a
 * machine being replaced by another of its kind).
 */
public record CalibrationKey(String backend, int nodes, String serverHeap, int services, int providersPerClient,
                             double rampRate, double probeRate, int cores, long memoryGiB) {

    /** The key of {@code experiment} on this machine. */
    public static CalibrationKey of(Experiment experiment) {
        return new CalibrationKey(experiment.target().backend(), experiment.target().nodes(),
                experiment.target().serverHeap(), experiment.fleet().services(), experiment.fleet().providersPerClient(),
                experiment.fleet().rampRate(), experiment.probe().rate(), Runtime.getRuntime().availableProcessors(),
                machineMemoryGiB());
    }

    /** A file name for it: {@code calibration-<10 hex digits>.json}. */
    public String fileName() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(toString().getBytes(StandardCharsets.UTF_8));
            return "calibration-" + HexFormat.of().formatHex(digest, 0, 5) + ".json";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** "local, 3 node(s), heap 1g, fleet 140 services x 140 per client at 200.0/s, on 2 cores and 24 GiB". */
    public String describe() {
        return backend + ", " + nodes + " node(s), heap " + serverHeap + ", fleet " + services + " services x "
                + providersPerClient + " per client at " + rampRate + "/s, on " + cores + " cores and " + memoryGiB + " GiB";
    }

    /** The machine's memory, rounded to whole GiB (a kernel reserves a little of it, differently per boot). */
    private static long machineMemoryGiB() {
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return Math.round(os.getTotalMemorySize() / (1024.0 * 1024 * 1024));
    }
}
