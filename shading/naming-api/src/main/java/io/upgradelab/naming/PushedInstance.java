package io.upgradelab.naming;

/**
 * One instance as a subscriber was told of it, in terms that do not depend on any nacos-client
 * version: enough to say whether a consumer would call it.
 */
public record PushedInstance(String ip, int port, boolean healthy, boolean enabled) {

    /** {@code ip:port}. */
    public String address() {
        return ip + ":" + port;
    }

    /** Whether a consumer calls it: healthy and enabled. */
    public boolean callable() {
        return healthy && enabled;
    }
}
