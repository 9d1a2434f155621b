package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.upgradelab.runner.backend.NetworkDisturbance;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tc commands, and, where this runs as root with tc installed (as in CI), their real effect on
 * one echo server on 127.0.0.1: a round trip through the disturbed port takes the delay, a
 * partitioned port answers nothing, and after restore both are as before. Other ports are never
 * touched. Skipped (not passed) without root or tc.
 */
class LoopbackNetemTest {

    private final LoopbackNetem netem = new LoopbackNetem();

    @AfterEach
    void restore() {
        netem.restore();
    }

    @Test
    void delaySteersOnlyTheGivenPortsIntoANetemBand() {
        List<List<String>> commands = LoopbackNetem.disturbCommands(List.of(8848, 9848),
                NetworkDisturbance.delay(Duration.ofMillis(250)));

        assertThat(String.join(" ", commands.get(0))).isEqualTo(
                "tc qdisc replace dev lo root handle 7ab1: prio bands 4 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1");
        assertThat(String.join(" ", commands.get(1))).isEqualTo(
                "tc qdisc add dev lo parent 7ab1:4 handle 7ab2: netem delay 250ms");
        assertThat(commands.subList(2, 4)).map(c -> String.join(" ", c)).containsExactly(
                "tc filter add dev lo parent 7ab1: protocol ip prio 1 u32 match ip dport 8848 0xffff flowid 7ab1:4",
                "tc filter add dev lo parent 7ab1: protocol ip prio 1 u32 match ip dport 9848 0xffff flowid 7ab1:4");
    }

    @Test
    void lossAndPartitionDropAShareOrEveryPacket() {
        assertThat(LoopbackNetem.disturbCommands(List.of(1), NetworkDisturbance.loss(12.5)).get(1))
                .endsWith("netem", "loss", "12.5%");
        assertThat(LoopbackNetem.disturbCommands(List.of(1), NetworkDisturbance.partition()).get(1))
                .endsWith("netem", "loss", "100%");
    }

    @Test
    void aRealDelayHoldsBackOnlyTheDisturbedPortUntilRestored() throws Exception {
        assumeRootWithTc();
        try (EchoServer disturbed = new EchoServer(); EchoServer other = new EchoServer()) {
            assertThat(disturbed.roundTripMillis()).isLessThan(100);

            netem.disturb(List.of(disturbed.port()), NetworkDisturbance.delay(Duration.ofMillis(300)));
            long delayed = disturbed.roundTripMillis();
            long untouched = other.roundTripMillis();
            netem.restore();

            assertThat(delayed).isBetween(300L, 2_000L);
            assertThat(untouched).isLessThan(100);
            assertThat(disturbed.roundTripMillis()).isLessThan(100);
            assertThat(rootQdisc()).contains("noqueue");
        }
    }

    @Test
    void aRealPartitionAnswersNothingUntilRestored() throws Exception {
        assumeRootWithTc();
        try (EchoServer server = new EchoServer()) {
            netem.disturb(List.of(server.port()), NetworkDisturbance.partition());
            assertThatThrownBy(server::roundTripMillis).isInstanceOf(SocketTimeoutException.class);
            netem.restore();

            assertThat(server.roundTripMillis()).isLessThan(100);
        }
    }

    @Test
    void oneDisturbanceAtATime() {
        assumeRootWithTc();
        netem.disturb(List.of(1), NetworkDisturbance.loss(1));

        assertThatThrownBy(() -> netem.disturb(List.of(2), NetworkDisturbance.loss(1)))
                .hasMessageContaining("already disturbed");
    }

    @Test
    void aLeftoverIsRemovedOnlyWhenItIsTheLabsQdisc() throws Exception {
        assumeTrue(tc(), "needs tc (iproute2)");
        if (!rootQdiscQuietly().contains("qdisc prio 7ab1:")) {
            assertThat(LoopbackNetem.removeLeftover()).as("no lab qdisc: nothing removed").isFalse();
        }
        assumeRootWithTc();
        netem.disturb(List.of(1), NetworkDisturbance.loss(1));

        assertThat(LoopbackNetem.removeLeftover()).isTrue();
        assertThat(rootQdisc()).contains("noqueue");
    }

    @Test
    void aKernelWithoutNetemIsRefusedSayingSo() {
        assumeTrue(root() && tc() && !netemInKernel(), "for kernels without sch_netem");

        assertThatThrownBy(() -> netem.disturb(List.of(1), NetworkDisturbance.delay(Duration.ofMillis(5))))
                .hasMessageContaining("this kernel lacks the prio or netem queueing discipline");
        assertThat(rootQdiscQuietly()).contains("noqueue");
    }

    /** Root, tc and a kernel with netem; otherwise the test is skipped, saying which is missing. */
    private static void assumeRootWithTc() {
        assumeTrue(root(), "network faults need root");
        assumeTrue(tc(), "network faults need tc (iproute2)");
        assumeTrue(netemInKernel(), "this kernel has no netem queueing discipline (sch_netem)");
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static boolean tc() {
        return Files.isExecutable(Path.of("/usr/sbin/tc")) || Files.isExecutable(Path.of("/sbin/tc"));
    }

    /** Whether the kernel knows netem: asks tc for a netem qdisc on a dummy parent, which fails either way but says which. */
    private static boolean netemInKernel() {
        try {
            Process tc = new ProcessBuilder("tc", "qdisc", "add", "dev", "lo", "parent", "ffff:fff1", "handle", "7ab9:",
                    "netem", "delay", "1ms").redirectErrorStream(true).start();
            String said = new String(tc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (tc.waitFor() == 0) {
                new ProcessBuilder("tc", "qdisc", "del", "dev", "lo", "parent", "ffff:fff1", "handle", "7ab9:").start()
                        .waitFor();
            }
            return !said.contains("qdisc kind is unknown");
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String rootQdiscQuietly() {
        try {
            return rootQdisc();
        } catch (IOException | InterruptedException e) {
            return e.toString();
        }
    }

    private static String rootQdisc() throws IOException, InterruptedException {
        Process tc = new ProcessBuilder("tc", "qdisc", "show", "dev", "lo", "root").start();
        String shown = new String(tc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        tc.waitFor();
        return shown;
    }

    /** A one-connection echo server on 127.0.0.1 and a client connected to it, reading with a 1 s timeout. */
    private static final class EchoServer implements AutoCloseable {
        private final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private final Thread echo;
        private Socket client;

        EchoServer() throws IOException {
            echo = new Thread(() -> {
                try (Socket accepted = server.accept()) {
                    InputStream in = accepted.getInputStream();
                    OutputStream out = accepted.getOutputStream();
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        out.write(b);
                        out.flush();
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            }, "echo-" + server.getLocalPort());
            echo.setDaemon(true);
            echo.start();
        }

        int port() {
            return server.getLocalPort();
        }

        long roundTripMillis() throws IOException {
            if (client == null) {
                client = new Socket();
                client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port()), 1_000);
                client.setSoTimeout(1_000);
                client.setTcpNoDelay(true);
            }
            long began = System.nanoTime();
            client.getOutputStream().write('x');
            client.getOutputStream().flush();
            if (client.getInputStream().read() != 'x') {
                throw new IOException("echo lost");
            }
            return (System.nanoTime() - began) / 1_000_000;
        }

        @Override
        public void close() throws IOException {
            if (client != null) {
                client.close();
            }
            server.close();
        }
    }
}
