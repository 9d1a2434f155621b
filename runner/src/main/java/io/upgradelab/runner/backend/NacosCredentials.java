package io.upgradelab.runner.backend;

/**
 * A Nacos user for a cluster with auth enabled. Never journalled or reported: {@link #toString()}
 * hides the password, and processes receive it through their environment, not their command line.
 */
public record NacosCredentials(String username, String password) {

    /** The environment variables the fleet, the probe and the demo providers read them from. */
    public static final String USERNAME_VARIABLE = "UPGRADE_LAB_NACOS_USERNAME";
    public static final String PASSWORD_VARIABLE = "UPGRADE_LAB_NACOS_PASSWORD";

    @Override
    public String toString() {
        return "NacosCredentials[username=" + username + ", password=***]";
    }
}
