package io.upgradelab.runner.calibrate;

import io.upgradelab.runner.experiment.Experiment;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a capacity frontier depends on, so that a calibration is reused only where it applies: the
 * backend, its node count and heap, the fleet's shape (services, providers per client, ramp rate),
 * the probe's rate, and the machine (host name and cores) the lab and, on the local backend, the
 * nodes run on.
 */
public record CalibrationKey(String backend, int nodes, String serverHeap, int services, int providersPerClient,
                             double rampRate, double probeRate, String host, int cores) {

    /** The key of {@code experiment} on this machine. */
    public static CalibrationKey of(Experiment experiment) {
        return new CalibrationKey(experiment.target().backend(), experiment.target().nodes(),
                experiment.target().serverHeap(), experiment.fleet().services(), experiment.fleet().providersPerClient(),
                experiment.fleet().rampRate(), experiment.probe().rate(), hostName(),
                Runtime.getRuntime().availableProcessors());
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

    /** "local, 3 nodes, heap 1g, 140 services x 140 per client, on host (2 cores)". */
    public String describe() {
        return backend + ", " + nodes + " node(s), heap " + serverHeap + ", fleet " + services + " services x "
                + providersPerClient + " per client at " + rampRate + "/s, on " + host + " (" + cores + " cores)";
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "unknown-host";
        }
    }
}
