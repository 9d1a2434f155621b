package io.upgradelab.runner.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets listening on this machine, read from {@code /proc/net/tcp} and {@code tcp6}.
 *
 * <p>Reading the kernel's table answers "is this port taken, and on which address?" without
 * binding anything: a probe by bind would itself have to bind the wildcard address, which the lab
 * never does.
 */
public final class ListeningSockets {

    private static final String LISTEN = "0A";

    /** One listening socket: its local address, port and the kernel's inode for it. */
    public record Socket(InetAddress address, int port, long inode) {
        public boolean isLoopback() {
            if (address.isLoopbackAddress()) {
                return true;
            }
            byte[] raw = address.getAddress();   // ::ffff:127.x.x.x is IPv4 loopback in an IPv6 socket
            return raw.length == 16 && raw[10] == (byte) 0xff && raw[11] == (byte) 0xff && raw[12] == 127;
        }

        /** The IPv4 address it listens on, also inside an IPv6 socket (::ffff:a.b.c.d); "*" for every address. */
        public String ipv4() {
            return address.isAnyLocalAddress() ? "*" : text(address);
        }
    }

    private final List<Socket> sockets;

    private ListeningSockets(List<Socket> sockets) {
        this.sockets = List.copyOf(sockets);
    }

    public static ListeningSockets read() {
        List<Socket> all = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                all.addAll(parse(Files.readAllLines(Path.of(table))));
            } catch (NoSuchFileException e) {
                // no IPv6 (or no /proc): nothing listens there
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new ListeningSockets(all);
    }

    public boolean isTaken(int port) {
        return sockets.stream().anyMatch(s -> s.port() == port);
    }

    /** Whether a bind of {@code ipv4}:{@code port} would fail: something listens there, or on every address. */
    public boolean isTaken(String ipv4, int port) {
        return sockets.stream().anyMatch(s -> s.port() == port && (s.ipv4().equals(ipv4) || s.ipv4().equals("*")));
    }

    public List<Socket> all() {
        return sockets;
    }

    /** The listening sockets that belong to process {@code pid} (matched through its open files). */
    public List<Socket> ownedBy(long pid) {
        Set<Long> inodes = socketInodes(pid);
        return sockets.stream().filter(s -> inodes.contains(s.inode())).toList();
    }

    /** The kernel's inodes of the sockets process {@code pid} has open ({@code /proc/PID/fd}), to match the tables by. */
    public static Set<Long> socketInodes(long pid) {
        Set<Long> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException e) {
                    // the descriptor closed while we looked
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return inodes;
    }

    static List<Socket> parse(List<String> lines) {
        List<Socket> result = new ArrayList<>();
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !LISTEN.equals(f[3])) {
                continue;
            }
            String[] local = f[1].split(":");
            result.add(new Socket(kernelAddress(local[0]), Integer.parseInt(local[1], 16), Long.parseLong(f[9])));
        }
        return result;
    }

    /**
     * An address as people and the lab write it: the IPv4 one also inside an IPv6 socket
     * ({@code ::ffff:127.0.0.21} is {@code 127.0.0.21}), {@code 0.0.0.0} for {@code ::}, else the IPv6 text.
     */
    public static String text(InetAddress address) {
        byte[] raw = address.getAddress();
        boolean mapped = raw.length == 16 && raw[10] == (byte) 0xff && raw[11] == (byte) 0xff
                && java.util.Arrays.equals(raw, 0, 10, new byte[10], 0, 10);
        if (raw.length == 16 && address.isAnyLocalAddress()) {
            return "0.0.0.0";
        }
        if (raw.length == 16 && !mapped) {
            return address.getHostAddress();
        }
        int at = raw.length == 16 ? 12 : 0;
        return (raw[at] & 0xff) + "." + (raw[at + 1] & 0xff) + "." + (raw[at + 2] & 0xff) + "." + (raw[at + 3] & 0xff);
    }

    /** An address of {@code /proc/net/tcp} (and udp, tcp6, udp6): each 32-bit word in host (little-endian) order. */
    public static InetAddress kernelAddress(String hex) {
        byte[] raw = new byte[hex.length() / 2];
        for (int word = 0; word < raw.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = (word * 4 + b) * 2;
                raw[word * 4 + 3 - b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        try {
            return InetAddress.getByAddress(raw);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bad address " + hex, e);
        }
    }
}
