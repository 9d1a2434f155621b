package io.upgradelab.runner.process;

import java.net.URI;
import java.util.Map;
import org.upgradelab.demo.LabAddress;

/**
 * The address a child process is, and whether it may dial off loopback. Handed over in the
 * environment ({@link #environment()}), where both the bind guard (its wildcard binds and outgoing
 * connections) and the lab's Java processes (what their Nacos clients and Dubbo report, where
 * their control ports listen) read it, so one value says it for the kernel and for Nacos alike.
 *
 * @param ip            an IPv4 literal, 127.0.0.1 unless the experiment gives another
 * @param remoteAllowed the experiment opted in to addresses off loopback ({@code target.allowRemote})
 */
public record ProcessAddress(String ip, boolean remoteAllowed) {

    /** 127.0.0.1, loopback only: every process's address unless the experiment says otherwise. */
    public static final ProcessAddress DEFAULT = new ProcessAddress(LabAddress.DEFAULT, false);

    public ProcessAddress {
        if (!LabAddress.isIpv4(ip)) {
            throw new IllegalArgumentException(ip + " is not an IPv4 address");
        }
    }

    /** {@code ip}, loopback only. */
    public static ProcessAddress of(String ip) {
        return new ProcessAddress(ip, false);
    }

    /** The variables that tell a child process this address. */
    public Map<String, String> environment() {
        return Map.of(LabAddress.ADDRESS_VARIABLE, ip, LabAddress.ALLOW_REMOTE_VARIABLE, Boolean.toString(remoteAllowed));
    }

    /**
     * {@code http://ADDRESS:PORT/} from the last word of a child's ready line, such as
     * {@code fleet control on 127.0.0.21:40123}: where the child's control channel listens.
     */
    public static URI controlUri(String readyLine) {
        String trimmed = readyLine.trim();
        return URI.create("http://" + trimmed.substring(trimmed.lastIndexOf(' ') + 1) + "/");
    }

    /** {@code ip:port}. */
    public String withPort(int port) {
        return ip + ":" + port;
    }
}
