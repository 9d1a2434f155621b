package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.testing.Iptables;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loopback firewall for real, on this machine's iptables (root and the iptables program are
 * required, not assumed: CI has both, and a skipped test would hide a broken fault). Only packets to
 * 127.0.0.7 (and between 127.0.0.7 and 127.0.0.8) are ever dropped, never 127.0.0.1, which other
 * software on the machine uses; every chain a test makes is removed after it, also when it fails.
 */
class LoopbackFirewallRealTest {

    private static final String CUT = "127.0.0.7";
    private static final int TIMEOUT_MILLIS = 2_000;

    @TempDir
    Path dir;

    private LoopbackFirewall firewall;
    private final List<String> progress = new ArrayList<>();
    private final List<String> handMadeChains = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void requireRootWithIptables() {
        Iptables.requireRootWithIptables();
    }

    @AfterEach
    void removeEverything() {
        try {
            if (firewall != null) {
                firewall.close();
            }
        } finally {
            started.forEach(Process::destroyForcibly);
            Iptables.removeChainQuietly(LoopbackFirewall.CHAIN_PREFIX + ProcessHandle.current().pid());
            handMadeChains.forEach(Iptables::removeChainQuietly);
        }
    }

    @Test
    void aDroppedAddressIsSilenceNotAnErrorUntilCleared() throws Exception {
        try (Listener server = new Listener(CUT)) {
            firewall = LoopbackFirewall.open(progress::add);
            String chain = firewall.chain();
            assertThat(chain).isEqualTo("UPGRADE-LAB-" + ProcessHandle.current().pid());
            assertThat(Iptables.linesNaming(chain)).containsExactly("-N " + chain, "-A INPUT -i lo -j " + chain);
            assertThat(progress).anySatisfy(line -> assertThat(line).contains(chain, "watchdog process"));

            firewall.drop(List.of(PacketMatch.to(CUT)), 100, List.of());
            long began = System.nanoTime();
            assertThatThrownBy(() -> connect(null, server))
                    .as("a partition is silence; a drop in OUTPUT would fail at once with 'Operation not permitted'")
                    .isInstanceOf(SocketTimeoutException.class);
            assertThat(millisSince(began)).isGreaterThanOrEqualTo(TIMEOUT_MILLIS - 100);

            firewall.clear();
            connect(null, server);
            assertThat(Iptables.linesNaming(chain)).containsExactly("-N " + chain, "-A INPUT -i lo -j " + chain);

            List<ProcessHandle> watchdog = new ArrayList<>(firewall.watchdog().descendants().toList());
            watchdog.add(firewall.watchdog());
            firewall.close();
            firewall.close();   // idempotent
            assertThat(Iptables.linesNaming(chain)).isEmpty();
            assertThat(watchdog).as("the watchdog's shell and its tail").hasSize(2);
            for (ProcessHandle p : watchdog) {
                assertThat(waitUntil(() -> exited(p.pid()), 5_000)).as("watchdog process %d stopped", p.pid()).isTrue();
            }
            assertThatThrownBy(firewall::clear).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aPartitionCutsOnlyThePairAndExceptionsPass() throws Exception {
        try (Listener server = new Listener(CUT)) {
            firewall = LoopbackFirewall.open(progress::add);

            firewall.drop(PacketMatch.between("127.0.0.8", CUT), 100, List.of());
            assertThatThrownBy(() -> connect("127.0.0.8", server)).isInstanceOf(SocketTimeoutException.class);
            connect("127.0.0.9", server);

            firewall.drop(List.of(PacketMatch.to(CUT)), 100, List.of(PacketMatch.from("127.0.0.9")));
            assertThatThrownBy(() -> connect("127.0.0.8", server)).isInstanceOf(SocketTimeoutException.class);
            connect("127.0.0.9", server);
        }
    }

    @Test
    void aPortIsCutForTcpWhileAnotherPortOfTheSameAddressAnswers() throws Exception {
        try (Listener cut = new Listener(CUT); Listener other = new Listener(CUT)) {
            firewall = LoopbackFirewall.open(progress::add);

            firewall.drop(List.of(new PacketMatch(null, CUT, null, cut.port())), 100, List.of());
            assertThat(Iptables.linesNaming(firewall.chain())).anySatisfy(line -> assertThat(line).contains("-p tcp"))
                    .anySatisfy(line -> assertThat(line).contains("-p udp"));

            assertThatThrownBy(() -> connect(null, cut)).isInstanceOf(SocketTimeoutException.class);
            connect(null, other);
        }
    }

    @Test
    void aLossDropsSomeConnectsAndNotOthers() throws Exception {
        try (Listener server = new Listener(CUT)) {
            firewall = LoopbackFirewall.open(progress::add);
            firewall.drop(List.of(PacketMatch.to(CUT)), 50, List.of());

            int failed = 0;
            int attempts = 60;
            for (int i = 0; i < attempts; i++) {
                try (Socket socket = new Socket()) {
                    socket.connect(server.address(), 300);
                } catch (SocketTimeoutException e) {
                    failed++;
                }
            }
            System.out.printf("loss 50%%: %d of %d connects timed out%n", failed, attempts);
            // each side below 5 of 60 at p = 0.5: about 1 in 10^12
            assertThat(failed).as("timed out of %d", attempts).isBetween(5, attempts - 5);
        }
    }

    @Test
    void aKilledRunnersChainIsRemovedByItsWatchdog() throws Exception {
        Path log = dir.resolve("holder.log");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                FirewallHolder.class.getName()).redirectError(log.toFile()).start();
        started.add(holder);
        String chain = LoopbackFirewall.CHAIN_PREFIX + holder.pid();
        handMadeChains.add(chain);
        String ready = firstLine(holder);
        assertThat(ready).as("the holder's first line; its log: %s", read(log)).startsWith("ready ");
        long watchdog = Long.parseLong(ready.substring("ready ".length()).strip());
        assertThat(Iptables.linesNaming(chain)).contains("-A INPUT -i lo -j " + chain,
                "-A " + chain + " -d " + CUT + "/32 -j DROP");

        long killed = System.nanoTime();
        holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        boolean removed = waitUntil(() -> Iptables.linesNaming(chain).isEmpty(), 10_000);
        long removedAfter = millisSince(killed);
        boolean watchdogGone = waitUntil(() -> exited(watchdog), 5_000);
        System.out.printf("watchdog %d removed %s %d ms after SIGKILL; exited: %s%n", watchdog, chain, removedAfter,
                watchdogGone);

        assertThat(removed).as("chain %s gone within 10 s of SIGKILL: %s", chain, Iptables.linesNaming(chain)).isTrue();
        assertThat(watchdogGone).as("watchdog %d exited by itself", watchdog).isTrue();
    }

    @Test
    void leftoversOfDeadRunnersAreRemovedAndALiveRunnersChainIsNot() throws Exception {
        String dead = LoopbackFirewall.CHAIN_PREFIX + Iptables.deadPid();
        Process alive = new ProcessBuilder("sleep", "120").start();
        started.add(alive);
        String live = LoopbackFirewall.CHAIN_PREFIX + alive.pid();
        handMadeChains.addAll(List.of(dead, live));
        Iptables.makeChain(dead, "-d " + CUT + " -j DROP");
        Iptables.makeChain(live, "-d " + CUT + " -j DROP");

        assertThat(LoopbackFirewall.removeLeftovers()).contains(dead).doesNotContain(live);

        assertThat(Iptables.linesNaming(dead)).isEmpty();
        assertThat(Iptables.linesNaming(live)).hasSize(3);
    }

    @Test
    void openRemovesLeftoversSayingSoNeverItsOwnAndIsOneAtATime() {
        String dead = LoopbackFirewall.CHAIN_PREFIX + Iptables.deadPid();
        handMadeChains.add(dead);
        Iptables.makeChain(dead, "-d " + CUT + " -j DROP");

        firewall = LoopbackFirewall.open(progress::add);

        assertThat(progress).contains("removed iptables chain " + dead + ", left by a runner that is gone");
        assertThat(Iptables.linesNaming(dead)).isEmpty();
        assertThat(LoopbackFirewall.removeLeftovers()).doesNotContain(firewall.chain());
        assertThat(Iptables.linesNaming(firewall.chain())).isNotEmpty();
        assertThatThrownBy(() -> LoopbackFirewall.open(progress::add)).isInstanceOf(LabException.class)
                .hasMessageContaining("already open");
    }

    @Test
    void aStoppedRunStillRestoresTheNetworkAndKeepsItsInterrupt() {
        firewall = LoopbackFirewall.open(progress::add);
        firewall.drop(List.of(PacketMatch.to(CUT)), 100, List.of());
        String chain = firewall.chain();

        Thread.currentThread().interrupt();
        try {
            firewall.clear();
            firewall.close();
        } finally {
            assertThat(Thread.interrupted()).as("the interrupt is kept for the caller").isTrue();
        }
        assertThat(Iptables.linesNaming(chain)).isEmpty();
    }

    @Test
    void unavailableSaysNothingWhereItWorks() {
        assertThat(LoopbackFirewall.unavailable()).isEmpty();
    }

    private static void connect(String source, Listener server) throws IOException {
        try (Socket socket = new Socket()) {
            if (source != null) {
                socket.bind(new InetSocketAddress(source, 0));
            }
            socket.connect(server.address(), TIMEOUT_MILLIS);
        }
    }

    private static String firstLine(Process process) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        return CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return e.toString();
            }
        }).get(60, TimeUnit.SECONDS);
    }

    /** Gone, or a zombie nobody reaps (in containers whose init does not). */
    private static boolean exited(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
        } catch (IOException e) {
            return true;
        }
    }

    private static boolean waitUntil(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** A server socket on {@code address}, accepting and closing every connection so that its backlog never fills. */
    private static final class Listener implements AutoCloseable {
        private final ServerSocket server;

        Listener(String address) throws IOException {
            server = new ServerSocket(0, 200, InetAddress.getByName(address));
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        server.accept().close();
                    } catch (IOException closed) {
                        // the test is over, or one connection went wrong: the loop decides
                    }
                }
            }, "accept-" + address);
            acceptor.setDaemon(true);
            acceptor.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) server.getLocalSocketAddress();
        }

        int port() {
            return server.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
