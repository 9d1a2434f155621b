package io.upgradelab.runner.backend.local;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One selector of packets for {@link LoopbackFirewall}; a null field matches anything. Addresses are
 * IPv4 loopback addresses (127.0.0.0/8, optionally with a prefix length such as {@code 127.0.0.0/24}):
 * the lab binds nothing else, and an address outside it would name a machine's real interface, whose
 * traffic to itself also crosses the loopback device. A match must name at least one field, so
 * that no fault can silence every local connection (other software on the machine uses 127.0.0.1).
 *
 * @param source          the sender's address, or null
 * @param destination     the receiver's address, or null
 * @param sourcePort      the sender's port, or null
 * @param destinationPort the receiver's port, or null
 */
public record PacketMatch(String source, String destination, Integer sourcePort, Integer destinationPort) {

    private static final Pattern LOOPBACK = Pattern.compile("127\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

    public PacketMatch {
        requireLoopback("source", source);
        requireLoopback("destination", destination);
        requirePort("source port", sourcePort);
        requirePort("destination port", destinationPort);
        if (source == null && destination == null && sourcePort == null && destinationPort == null) {
            throw new IllegalArgumentException("a packet match names an address or a port: an empty one would drop"
                    + " every packet on the loopback device");
        }
    }

    /** The packets sent by {@code address}. */
    public static PacketMatch from(String address) {
        return new PacketMatch(address, null, null, null);
    }

    /** The packets sent to {@code address}. */
    public static PacketMatch to(String address) {
        return new PacketMatch(null, address, null, null);
    }

    /** The packets from {@code a} to {@code b} and from {@code b} to {@code a}: a partition of the pair. */
    public static List<PacketMatch> between(String a, String b) {
        return List.of(new PacketMatch(a, b, null, null), new PacketMatch(b, a, null, null));
    }

    /** The packets sent to {@code port} (TCP and UDP), whatever the addresses. */
    public static PacketMatch toPort(int port) {
        return new PacketMatch(null, null, null, port);
    }

    /** The packets sent from {@code port} (TCP and UDP), whatever the addresses. */
    public static PacketMatch fromPort(int port) {
        return new PacketMatch(null, null, port, null);
    }

    /**
     * The iptables match arguments, one list per rule: a match with a port needs a protocol, so it is
     * one rule for TCP and one for UDP (Nacos 1.x pushes to clients over UDP); without ports, one rule
     * for every protocol.
     */
    List<List<String>> iptablesArguments() {
        List<String> addresses = new ArrayList<>();
        if (source != null) {
            addresses.addAll(List.of("-s", source));
        }
        if (destination != null) {
            addresses.addAll(List.of("-d", destination));
        }
        if (sourcePort == null && destinationPort == null) {
            return List.of(addresses);
        }
        List<List<String>> rules = new ArrayList<>();
        for (String protocol : List.of("tcp", "udp")) {
            List<String> rule = new ArrayList<>(addresses);
            rule.addAll(List.of("-p", protocol));
            if (sourcePort != null) {
                rule.addAll(List.of("--sport", sourcePort.toString()));
            }
            if (destinationPort != null) {
                rule.addAll(List.of("--dport", destinationPort.toString()));
            }
            rules.add(rule);
        }
        return rules;
    }

    private static void requireLoopback(String what, String address) {
        if (address == null) {
            return;
        }
        Matcher m = LOOPBACK.matcher(address);
        boolean valid = m.matches();
        for (int group = 1; valid && group <= 3; group++) {
            valid = Integer.parseInt(m.group(group)) <= 255;
        }
        if (valid && m.group(4) != null) {
            int prefix = Integer.parseInt(m.group(4));
            valid = prefix >= 8 && prefix <= 32;
        }
        if (!valid) {
            throw new IllegalArgumentException(what + " '" + address + "' is not an IPv4 loopback address (127.0.0.0/8,"
                    + " optionally with a prefix length of 8 to 32)");
        }
    }

    private static void requirePort(String what, Integer port) {
        if (port != null && (port < 1 || port > 65_535)) {
            throw new IllegalArgumentException(what + " " + port + " is not a port (1 to 65535)");
        }
    }
}
