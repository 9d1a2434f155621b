package io.upgradelab.runner.testing;

import io.upgradelab.runner.process.ListeningSockets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The TCP and UDP sockets one process holds, read from the kernel ({@code /proc/net/tcp}, tcp6,
 * udp, udp6, matched through the process's open files), and the address the lab gave it (its
 * {@code UPGRADE_LAB_ADDRESS}): what a test needs to show that every socket of every process is on
 * that process's own address.
 */
public final class ProcessSockets {

    /**
     * One socket.
     *
     * @param protocol tcp, tcp6, udp or udp6
     * @param local    the local IPv4 address (also inside an IPv6 socket), or the IPv6 text when it is no IPv4
     * @param remote   the same for the peer; 0.0.0.0 when unconnected
     */
    public record Socket(String protocol, String local, int localPort, String remote, int remotePort, String state) {
        @Override
        public String toString() {
            return protocol + " " + local + ":" + localPort + " -> " + remote + ":" + remotePort + " (" + state + ")";
        }
    }

    private ProcessSockets() {
    }

    /** The address the lab gave process {@code pid} in its environment, if it gave one. */
    public static Optional<String> labAddress(long pid) throws IOException {
        String environ = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")),
                StandardCharsets.UTF_8);
        for (String variable : environ.split("\0")) {
            if (variable.startsWith("UPGRADE_LAB_ADDRESS=")) {
                return Optional.of(variable.substring("UPGRADE_LAB_ADDRESS=".length()));
            }
        }
        return Optional.empty();
    }

    /** Every TCP and UDP socket {@code pid} holds now. */
    public static List<Socket> of(long pid) throws IOException {
        Set<Long> inodes = ListeningSockets.socketInodes(pid);
        List<Socket> sockets = new ArrayList<>();
        for (String protocol : List.of("tcp", "tcp6", "udp", "udp6")) {
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of("/proc/net", protocol));
            } catch (NoSuchFileException e) {
                continue;
            }
            for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 10 && inodes.contains(Long.parseLong(f[9]))) {
                    String[] local = f[1].split(":");
                    String[] remote = f[2].split(":");
                    sockets.add(new Socket(protocol, address(local[0]), Integer.parseInt(local[1], 16),
                            address(remote[0]), Integer.parseInt(remote[1], 16), f[3]));
                }
            }
        }
        return sockets;
    }

    private static String address(String hex) {
        return ListeningSockets.text(ListeningSockets.kernelAddress(hex));
    }
}
