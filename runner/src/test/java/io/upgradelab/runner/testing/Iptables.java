package io.upgradelab.runner.testing;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * iptables by hand, for the tests of the loopback firewall: the listing, a leftover chain made as a
 * killed runner leaves it, and its removal in a test's finally. It touches only chains whose names
 * the tests give (UPGRADE-LAB-...) and the jump rules to them.
 */
public final class Iptables {

    private static final String PROGRAM = Files.isExecutable(Path.of("/usr/sbin/iptables")) ? "/usr/sbin/iptables"
            : "iptables";

    private Iptables() {
    }

    /**
     * Fails the test, saying what is missing, where iptables cannot be run as root: the firewall's
     * tests run for real (CI installs iptables and runs as root), so they are never skipped.
     */
    public static void requireRootWithIptables() {
        if (!"root".equals(System.getProperty("user.name"))) {
            fail("the loopback firewall's tests change iptables rules: run them as root (CI does)");
        }
        Result listing = run("-w", "-S", "INPUT");
        if (listing.exit() != 0) {
            fail("the loopback firewall's tests need a working iptables (Debian package iptables): '"
                    + PROGRAM + " -w -S INPUT' said: " + listing.output());
        }
    }

    /** {@code iptables -w -S}: every rule, one per line. */
    public static List<String> rules() {
        Result listing = run("-w", "-S");
        if (listing.exit() != 0) {
            throw new IllegalStateException("iptables -S: " + listing.output());
        }
        return listing.output().lines().toList();
    }

    /** The lines of {@link #rules()} that name {@code chain}. */
    public static List<String> linesNaming(String chain) {
        return rules().stream().filter(line -> List.of(line.split(" ")).contains(chain)).toList();
    }

    /** A chain {@code name} with {@code rules} (each an argument string) and a jump to it from INPUT on lo, as open makes it. */
    public static void makeChain(String name, String... rules) {
        mustRun("-w", "-N", name);
        for (String rule : rules) {
            List<String> args = new ArrayList<>(List.of("-w", "-A", name));
            args.addAll(List.of(rule.split(" ")));
            mustRun(args.toArray(String[]::new));
        }
        mustRun("-w", "-I", "INPUT", "-i", "lo", "-j", name);
    }

    /** Removes the jump from INPUT on lo and chain {@code name}, if they are there: for a test's finally. */
    public static void removeChainQuietly(String name) {
        while (run("-w", "-D", "INPUT", "-i", "lo", "-j", name).exit() == 0) {
            // until no such jump is left
        }
        run("-w", "-F", name);
        run("-w", "-X", name);
    }

    /** A pid no process can have: above the kernel's pid_max. */
    public static long deadPid() {
        try {
            // readAllLines: Files.readString reads but the first byte of this sysctl file on some kernels
            return Long.parseLong(Files.readAllLines(Path.of("/proc/sys/kernel/pid_max")).get(0).strip()) + 1;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void mustRun(String... args) {
        Result result = run(args);
        if (result.exit() != 0) {
            throw new IllegalStateException("iptables " + String.join(" ", args) + ": " + result.output());
        }
    }

    private static Result run(String... args) {
        List<String> command = new ArrayList<>(List.of(PROGRAM));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "no answer in 10 s");
            }
            return new Result(p.exitValue(), output);
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, e.toString());
        }
    }

    private record Result(int exit, String output) {
    }
}
