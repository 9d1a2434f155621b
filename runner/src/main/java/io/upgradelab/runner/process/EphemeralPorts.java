package io.upgradelab.runner.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's range of ephemeral (client-side) ports. A server that may crash and come back must
 * listen outside it: while it is down, a client that keeps reconnecting to its port on the same
 * host can be given that very port as its own source port and connect to itself (TCP
 * self-connect), and then the server cannot bind it again.
 *
 * @param first the lowest ephemeral port
 * @param last  the highest
 */
public record EphemeralPorts(int first, int last) {

    private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** This machine's range; Linux's default (32768-60999) where it cannot be read. */
    public static EphemeralPorts ofThisMachine() {
        try {
            String[] bounds = Files.readString(RANGE).trim().split("\\s+");
            return new EphemeralPorts(Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1]));
        } catch (IOException | RuntimeException e) {
            return new EphemeralPorts(32768, 60999);
        }
    }

    public boolean contains(int port) {
        return port >= first && port <= last;
    }

    @Override
    public String toString() {
        return first + "-" + last;
    }
}
