package org.upgradelab.demo;

import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The address a lab process is, and whether it may dial off loopback, as the runner hands them
 * over in two environment variables. One address per process, because a provider binds, registers
 * and is dialled at one address: the preload guard ({@code loopback_bind.c}) reads the same
 * variable for the process's wildcard binds and outgoing connections, so what Nacos lists, what
 * the kernel shows and what a firewall rule matches agree.
 *
 * <p>Without the variables a process is 127.0.0.1 and dials loopback only, where a test bed
 * belongs; anything else needs the experiment's explicit opt-in ({@code target.allowRemote}),
 * which the runner passes on as {@link #ALLOW_REMOTE_VARIABLE}.
 */
public final class LabAddress {

    /** This process's own address: an IPv4 literal. */
    public static final String ADDRESS_VARIABLE = "UPGRADE_LAB_ADDRESS";
    /** {@code true}: addresses off loopback are allowed (the experiment opted in). */
    public static final String ALLOW_REMOTE_VARIABLE = "UPGRADE_LAB_ALLOW_REMOTE";
    public static final String DEFAULT = "127.0.0.1";

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private LabAddress() {
    }

    /** This process's address; refuses one off loopback without the opt-in. */
    public static String own() {
        String given = System.getenv(ADDRESS_VARIABLE);
        String address = given == null || given.isBlank() ? DEFAULT : given.trim();
        if (!isIpv4(address)) {
            throw new IllegalArgumentException(ADDRESS_VARIABLE + "=" + address + " is not an IPv4 address");
        }
        check(address, ADDRESS_VARIABLE);
        return address;
    }

    public static boolean remoteAllowed() {
        return "true".equalsIgnoreCase(System.getenv(ALLOW_REMOTE_VARIABLE));
    }

    /** Makes the Nacos client, whatever its version, report this process's address as its own. */
    public static void applyToNacosClient() {
        String own = own();
        System.setProperty("com.alibaba.nacos.client.naming.local.ip", own);   // 1.x and 2.x
        System.setProperty("com.alibaba.nacos.client.local.ip", own);          // 2.x
    }

    /**
     * Makes Dubbo (2.7 or 3.x) and its Nacos client register and report this process's address.
     * Dubbo calls every 127.* address invalid and, finding no other, registers its constant
     * 127.0.0.1; given its own cached answer first, it registers this one.
     */
    public static void applyToDubbo() {
        applyToNacosClient();
        String own = own();
        try {
            Class<?> netUtils = Class.forName("org.apache.dubbo.common.utils.NetUtils");
            setStatic(netUtils, "HOST_ADDRESS", own);
            setStatic(netUtils, "LOCAL_ADDRESS", InetAddress.getByName(own));
        } catch (ReflectiveOperationException | UnknownHostException e) {
            throw new IllegalStateException("cannot make Dubbo register " + own + " (its NetUtils changed?): " + e, e);
        }
    }

    private static void setStatic(Class<?> type, String field, Object value) throws ReflectiveOperationException {
        Field f = type.getDeclaredField(field);
        f.setAccessible(true);
        f.set(null, value);
    }

    /** {@code nacos://127.0.0.11:8848,...} as Dubbo's registry address, once every server passed {@link #checkServers}. */
    public static String registry(String servers) {
        checkServers(servers);
        return "nacos://" + servers;
    }

    /** Refuses a server list ({@code host:port,...}) with a host off loopback, unless remote addresses are allowed. */
    public static void checkServers(String servers) {
        for (String server : servers.split(",")) {
            String trimmed = server.trim();
            int colon = trimmed.lastIndexOf(':');
            check(colon > 0 ? trimmed.substring(0, colon) : trimmed, trimmed);
        }
    }

    /** Whether {@code host} is a loopback address written as such (127.0.0.0/8, ::1, localhost). */
    public static boolean isLoopback(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.equals("localhost") || h.equals("::1") || isIpv4(h) && h.startsWith("127.");
    }

    /** Whether {@code text} is a dotted IPv4 literal, each part 0 to 255. */
    public static boolean isIpv4(String text) {
        var m = IPV4.matcher(text);
        if (!m.matches()) {
            return false;
        }
        for (int i = 1; i <= 4; i++) {
            if (Integer.parseInt(m.group(i)) > 255) {
                return false;
            }
        }
        return true;
    }

    private static void check(String host, String what) {
        if (!isLoopback(host) && !remoteAllowed()) {
            throw new IllegalArgumentException(what + " is not on loopback (127.0.0.0/8), and remote addresses were"
                    + " not allowed (" + ALLOW_REMOTE_VARIABLE + "=true, which an experiment's target.allowRemote sets)");
        }
    }
}
