package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.LabException;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Drops packets on the loopback device with iptables, for the network faults (partition, packet loss)
 * between local Nacos nodes and their clients. Why iptables and not traffic control: many kernels
 * (minimal VM kernels, this lab's own CI machine) have no netem queueing discipline, while the
 * netfilter filter table is in every kernel; and a rule selects packets by address pair and port,
 * which is what a partition between two nodes is, with the {@code statistic} match for a share of
 * them (loss). IPv4 only: the lab's nodes listen on 127.0.0.x.
 *
 * <p>Why INPUT and not OUTPUT: a packet dropped in OUTPUT fails the local sender's system call at
 * once with EPERM ("Operation not permitted"), which a client reports as an error and stops waiting
 * for. A real partition is silence: packets vanish, connects and calls time out. A packet on the
 * loopback device passes INPUT after the send has succeeded, so a drop there is silence.
 *
 * <p>Why a chain per owner: every rule lives in one chain of the lab's own, named
 * {@value #CHAIN_PREFIX} and the runner's pid, reached from INPUT by one jump rule ({@code -i lo}).
 * Nothing else in the machine's rules is touched, a fault is undone by flushing the chain, and a
 * chain whose pid is no longer a process is known to be a leftover of a killed runner, which
 * {@link #removeLeftovers()} (and so the next {@link #open}) removes. A chain of a live runner is
 * never touched.
 *
 * <p>The watchdog: a runner killed with SIGKILL cannot run its clean-up, and a leftover DROP would
 * go on cutting connections. So {@link #open} also starts a small shell process in a session of its
 * own (a Ctrl-C to the runner's terminal does not reach it), not tied to the runner's life like the
 * lab's other children, which waits for the runner's pid to end ({@code tail --pid}) and then removes
 * the jump rule and the chain. {@link #close()} removes them itself and stops the watchdog.
 *
 * <p>To clear by hand: {@code upgrade-lab cleanup} (the chains of dead runners), or, for a chain
 * {@code UPGRADE-LAB-PID}: {@code iptables -D INPUT -i lo -j UPGRADE-LAB-PID; iptables -F
 * UPGRADE-LAB-PID; iptables -X UPGRADE-LAB-PID}. It needs root or CAP_NET_ADMIN and the
 * {@code iptables} program (Debian package iptables, either backend).
 */
public final class LoopbackFirewall implements AutoCloseable {

    /** The start of the lab's chain names; the rest is the owning runner's pid. */
    public static final String CHAIN_PREFIX = "UPGRADE-LAB-";
    private static final String DEVICE = "lo";
    private static final long TIMEOUT_SECONDS = 10;
    private static final Pattern LAB_CHAIN = Pattern.compile("-N (" + Pattern.quote(CHAIN_PREFIX) + "(\\d{1,10}))");
    /** Waits for the runner ($1) to end, then removes the jump to and the chain ($3) with iptables ($2). */
    private static final String WATCHDOG_SCRIPT = "tail --pid=\"$1\" -f /dev/null; \"$2\" -w -D INPUT -i " + DEVICE
            + " -j \"$3\"; \"$2\" -w -F \"$3\"; \"$2\" -w -X \"$3\"";
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    /** The chain is named by the JVM's pid, so one firewall at a time per JVM. */
    private static final AtomicBoolean OPEN = new AtomicBoolean();

    private final String chain;
    private final Process watchdog;
    private boolean closed;

    private LoopbackFirewall(String chain, Process watchdog) {
        this.chain = chain;
        this.watchdog = watchdog;
    }

    /**
     * Why network faults cannot be done here (no iptables program, not permitted, iptables fails), or
     * empty. Cheap enough for validate: one look at the capabilities and one listing of INPUT.
     */
    public static Optional<String> unavailable() {
        if (program("iptables").isEmpty()) {
            return Optional.of("network faults on the local backend need the iptables program (Debian package iptables),"
                    + " found neither on PATH nor in /usr/sbin or /sbin");
        }
        if (!mayAdministerNetwork()) {
            return Optional.of("network faults on the local backend need root or CAP_NET_ADMIN (they change iptables"
                    + " rules), which this process lacks");
        }
        try {
            run(args("-S", "INPUT"));
            return Optional.empty();
        } catch (LabException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Removes the leftovers of dead runners ({@link #removeLeftovers()}, each told to {@code progress}),
     * creates this runner's chain, inserts the one jump rule {@code -I INPUT -i lo -j CHAIN}, and
     * starts the watchdog that removes both if this runner is killed.
     *
     * @throws LabException FAILED when iptables is missing, not permitted or fails, or a firewall is
     *                      already open in this JVM
     */
    public static LoopbackFirewall open(Consumer<String> progress) {
        String chain = CHAIN_PREFIX + ProcessHandle.current().pid();
        if (!OPEN.compareAndSet(false, true)) {
            throw new LabException(LabException.FAILED, "the loopback firewall " + chain
                    + " is already open in this runner: one at a time");
        }
        Process watchdog = null;
        try {
            removeLeftovers().forEach(leftover -> progress.accept("removed iptables chain " + leftover
                    + ", left by a runner that is gone"));
            // named after this pid: left by a dead runner whose pid this JVM has now
            removeChain(chain, listRules());
            // first, so that there is no moment when a killed runner would leave its chain behind
            watchdog = startWatchdog(chain);
            run(args("-N", chain));
            run(args("-I", "INPUT", "-i", DEVICE, "-j", chain));
            progress.accept("network faults drop packets in iptables chain " + chain + " (INPUT on " + DEVICE
                    + "); if this runner is killed, watchdog process " + watchdog.pid() + " removes it");
            return new LoopbackFirewall(chain, watchdog);
        } catch (RuntimeException e) {
            try {
                removeChain(chain, listRules());
                if (watchdog != null) {
                    stop(watchdog);
                }
            } catch (LabException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            OPEN.set(false);
            throw e;
        }
    }

    /**
     * Replaces the chain's rules with: one RETURN rule per exception (those packets pass), then DROP
     * rules for the matches; below 100 percent each matching packet is dropped with that probability.
     * If a rule cannot be added, the chain is left empty.
     *
     * @param percent above 0, at most 100
     */
    public synchronized void drop(List<PacketMatch> matches, double percent, List<PacketMatch> exceptions) {
        requireOpen();
        List<List<String>> commands = dropCommands(chain, matches, percent, exceptions);
        try {
            commands.forEach(LoopbackFirewall::run);
        } catch (LabException e) {
            try {
                clear();
            } catch (LabException alsoFailed) {
                e.addSuppressed(alsoFailed);
            }
            throw e;
        }
    }

    /** How many packets the chain's DROP rules have dropped since they were added: what a fault really did. */
    public synchronized long droppedPackets() {
        requireOpen();
        return droppedPackets(run(args("-L", chain, "-n", "-v", "-x")));
    }

    /** The packet counts of the DROP lines of {@code iptables -L CHAIN -n -v -x}, summed. */
    static long droppedPackets(String listing) {
        long dropped = 0;
        for (String line : listing.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 2 && f[2].equals("DROP") && f[0].matches("\\d+")) {
                dropped += Long.parseLong(f[0]);
            }
        }
        return dropped;
    }

    /** Flushes the chain: no packet is dropped any more; the chain and the jump stay for the next fault. */
    public synchronized void clear() {
        requireOpen();
        run(args("-F", chain));
    }

    /**
     * Removes the jump rule, flushes and deletes the chain, then stops the watchdog. Idempotent. When
     * the rules cannot be removed the watchdog is left running, to try again when the runner ends.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        removeChain(chain, listRules());
        closed = true;
        OPEN.set(false);
        stop(watchdog);
    }

    /**
     * Removes every chain named {@value #CHAIN_PREFIX}PID whose pid is not a live process: first the
     * jump rules to it, then its rules, then the chain; never this JVM's own chain. Empty where there
     * is no iptables program (nothing can have been left). A pid taken again by a new process keeps
     * its chain until that process ends.
     *
     * @return the names of the chains removed
     */
    public static List<String> removeLeftovers() {
        if (program("iptables").isEmpty()) {
            return List.of();
        }
        List<String> rules = listRules();
        List<String> removed = new ArrayList<>();
        for (String chain : leftoverChains(rules, pid -> ProcessHandle.of(pid).isPresent())) {
            if (removeChain(chain, rules)) {
                removed.add(chain);
            }
        }
        return removed;
    }

    /** This firewall's chain. */
    public String chain() {
        return chain;
    }

    /** The watchdog process, for tests. */
    ProcessHandle watchdog() {
        return watchdog.toHandle();
    }

    /**
     * The iptables argument lists (after the program's name) that {@link #drop} runs, in order: a flush,
     * one RETURN rule per exception, then the DROP rules.
     */
    static List<List<String>> dropCommands(String chain, List<PacketMatch> matches, double percent,
                                           List<PacketMatch> exceptions) {
        if (!(percent > 0 && percent <= 100)) {
            throw new IllegalArgumentException("a share of packets to drop is above 0 and at most 100 percent, not " + percent);
        }
        if (matches.isEmpty()) {
            throw new IllegalArgumentException("no packets to drop: no match given");
        }
        List<List<String>> commands = new ArrayList<>();
        commands.add(args("-F", chain));
        for (PacketMatch exception : exceptions) {
            exception.iptablesArguments().forEach(match -> commands.add(rule(chain, match, List.of("-j", "RETURN"))));
        }
        List<String> drop = percent == 100 ? List.of("-j", "DROP")
                : List.of("-m", "statistic", "--mode", "random", "--probability", probability(percent), "-j", "DROP");
        for (PacketMatch match : matches) {
            match.iptablesArguments().forEach(selector -> commands.add(rule(chain, selector, drop)));
        }
        return commands;
    }

    /** The lab chains in an {@code iptables -S} listing whose owner is neither alive nor this JVM. */
    static List<String> leftoverChains(List<String> rules, LongPredicate alive) {
        long self = ProcessHandle.current().pid();
        List<String> leftovers = new ArrayList<>();
        for (String line : rules) {
            Matcher m = LAB_CHAIN.matcher(line.strip());
            if (m.matches()) {
                long owner = Long.parseLong(m.group(2));
                if (owner != self && !alive.test(owner)) {
                    leftovers.add(m.group(1));
                }
            }
        }
        return leftovers;
    }

    /**
     * The argument lists that remove {@code chain} given an {@code iptables -S} listing: each rule
     * jumping to it deleted (its {@code -A} turned into {@code -D}), then the flush and the delete;
     * nothing when the listing has no such chain.
     */
    static List<List<String>> removeCommands(String chain, List<String> rules) {
        List<List<String>> commands = new ArrayList<>();
        if (!rules.stream().map(String::strip).toList().contains("-N " + chain)) {
            return commands;
        }
        for (String line : rules) {
            List<String> tokens = Arrays.asList(line.strip().split("\\s+"));
            int n = tokens.size();
            if (n >= 4 && tokens.get(0).equals("-A") && tokens.get(n - 2).equals("-j") && tokens.get(n - 1).equals(chain)) {
                List<String> delete = new ArrayList<>(List.of("-w", "-D"));
                delete.addAll(tokens.subList(1, n));
                commands.add(delete);
            }
        }
        commands.add(args("-F", chain));
        commands.add(args("-X", chain));
        return commands;
    }

    /**
     * Removes {@code chain} if {@code rules} lists it; true when it did. Another cleaner (the dead
     * runner's watchdog, another runner's {@link #removeLeftovers()}) may be removing it at the same
     * time: when a step fails, the rules are listed again and the removal goes on from there.
     */
    private static boolean removeChain(String chain, List<String> rules) {
        List<List<String>> commands = removeCommands(chain, rules);
        if (commands.isEmpty()) {
            return false;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                commands.forEach(LoopbackFirewall::run);
                return true;
            } catch (LabException e) {
                commands = removeCommands(chain, listRules());
                if (commands.isEmpty()) {
                    return false;
                }
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static List<String> rule(String chain, List<String> match, List<String> target) {
        List<String> rule = new ArrayList<>(List.of("-w", "-A", chain));
        rule.addAll(match);
        rule.addAll(target);
        return rule;
    }

    /** {@code -w} (wait for the xtables lock) and {@code arguments}. */
    private static List<String> args(String... arguments) {
        List<String> args = new ArrayList<>(List.of("-w"));
        args.addAll(List.of(arguments));
        return args;
    }

    /** 30 percent: "0.3". */
    static String probability(double percent) {
        return BigDecimal.valueOf(percent).movePointLeft(2).stripTrailingZeros().toPlainString();
    }

    private static List<String> listRules() {
        return run(args("-S")).lines().toList();
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the loopback firewall " + chain + " is closed");
        }
    }

    /**
     * The watchdog: {@code setsid bash -c SCRIPT}, a plain process (not a ChildProcess, which dies with
     * the runner) in a session of its own, reading nothing and writing nowhere.
     */
    private static Process startWatchdog(String chain) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            command.add(SETSID.toString());
        }
        command.addAll(List.of("bash", "-c", WATCHDOG_SCRIPT, "upgrade-lab-firewall-watchdog",
                Long.toString(ProcessHandle.current().pid()), iptables(), chain));
        try {
            return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot start the watchdog that removes iptables chain " + chain
                    + " if this runner is killed (" + String.join(" ", command) + "): " + e.getMessage());
        }
    }

    /**
     * Stops the watchdog by its pid: the shell first, so that it does not go on to the removal once
     * its {@code tail} ends, then the {@code tail} it was waiting on.
     */
    private static void stop(Process watchdog) {
        List<ProcessHandle> waiting = watchdog.descendants().toList();
        watchdog.destroy();
        boolean interrupted = Thread.interrupted();
        try {
            if (!watchdog.waitFor(5, TimeUnit.SECONDS)) {
                watchdog.destroyForcibly();
            }
        } catch (InterruptedException e) {
            interrupted = true;
            watchdog.destroyForcibly();
        } finally {
            waiting.forEach(ProcessHandle::destroy);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String hint(String output) {
        if (output.contains("Permission denied") || output.contains("Operation not permitted")) {
            return " (network faults on the local backend need root or CAP_NET_ADMIN)";
        }
        return "";
    }

    /**
     * Runs iptables with {@code arguments}; its output, or a LabException with the command, what
     * iptables said and a hint. It runs to its end (or its timeout) also when the thread is
     * interrupted, since a stopped run must still restore the network; the interrupt is kept for the
     * caller.
     */
    private static String run(List<String> arguments) {
        List<String> command = new ArrayList<>(List.of(iptables()));
        command.addAll(arguments);
        String shown = "iptables " + String.join(" ", arguments);
        boolean interrupted = Thread.interrupted();
        try {
            Process iptables = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            OutputReader output = new OutputReader(iptables.getInputStream());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (iptables.isAlive()) {
                try {
                    if (!iptables.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                        iptables.destroyForcibly();
                        throw new LabException(LabException.FAILED, shown + ": no answer in " + TIMEOUT_SECONDS + " s");
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            String said = output.text();
            if (iptables.exitValue() != 0) {
                throw new LabException(LabException.FAILED, shown + " failed: " + said.strip() + hint(said));
            }
            return said;
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot run " + command.get(0) + " (Debian package iptables),"
                    + " needed by network faults on the local backend: " + e.getMessage());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** iptables where it was found, or plain "iptables" (which then fails to start, saying so). */
    private static String iptables() {
        return program("iptables").map(Path::toString).orElse("iptables");
    }

    /** An executable named {@code name} on PATH or in /usr/sbin or /sbin (root's, missing from many users' PATH). */
    static Optional<Path> program(String name) {
        return onPath(name).or(() -> Stream.of("/usr/sbin", "/sbin").map(dir -> Path.of(dir, name))
                .filter(Files::isExecutable).findFirst());
    }

    /** An executable named {@code name} on PATH: what a process started by that bare name runs. */
    static Optional<Path> onPath(String name) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Arrays.stream(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst();
    }

    /** Whether this process has CAP_NET_ADMIN (bit 12 of CapEff); true when that cannot be read, for iptables to say. */
    private static boolean mayAdministerNetwork() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    return new BigInteger(line.substring("CapEff:".length()).strip(), 16).testBit(12);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux's /proc: let iptables say
        }
        return true;
    }

    /** A process's output, read on a thread of its own so that a long listing cannot block it past the timeout. */
    private static final class OutputReader {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Thread reader;

        OutputReader(InputStream in) {
            reader = new Thread(() -> {
                try (in) {
                    in.transferTo(bytes);
                } catch (IOException e) {
                    // the process was killed: what was read is kept
                }
            }, "iptables-output");
            reader.setDaemon(true);
            reader.start();
        }

        /** The output once the process has ended (and closed it); an interrupt meanwhile is kept for the caller. */
        String text() {
            boolean interrupted = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (reader.isAlive() && System.nanoTime() < deadline) {
                try {
                    reader.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
