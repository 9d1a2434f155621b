package io.upgradelab.runner.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

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
        Set<Long> inodes = socketInodes(pid);
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

    private static Set<Long> socketInodes(long pid) throws IOException {
        Set<Long> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException e) {
                    // closed while we looked
                }
            });
        }
        return inodes;
    }

    /** The kernel's hex address: 32-bit words in host (little-endian) order; the IPv4 inside ::ffff:a.b.c.d. */
    static String address(String hex) {
        int[] bytes = new int[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = (word * 4 + b) * 2;
                bytes[word * 4 + 3 - b] = Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        int v4 = bytes.length == 4 ? 0 : -1;
        if (bytes.length == 16 && bytes[10] == 0xff && bytes[11] == 0xff && allZero(bytes, 0, 10)) {
            v4 = 12;
        } else if (bytes.length == 16 && allZero(bytes, 0, 16)) {
            return "0.0.0.0";   // :: (unbound, or every address)
        }
        if (v4 < 0) {
            StringBuilder v6 = new StringBuilder();
            for (int i = 0; i < 16; i += 2) {
                v6.append(i == 0 ? "" : ":").append(Integer.toHexString(bytes[i] << 8 | bytes[i + 1]));
            }
            return v6.toString();
        }
        return bytes[v4] + "." + bytes[v4 + 1] + "." + bytes[v4 + 2] + "." + bytes[v4 + 3];
    }

    private static boolean allZero(int[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
