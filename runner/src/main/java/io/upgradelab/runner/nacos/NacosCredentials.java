package io.upgradelab.runner.nacos;

import java.util.Map;
import java.util.Optional;

/**
 * A Nacos user for a cluster with auth enabled. Never journalled or reported: {@link #toString()}
 * hides the password, and processes receive it through their environment, not their command line.
 */
public record NacosCredentials(String username, String password) {

    /** The environment variables the fleet, the probe and the demo providers read them from (demo-api's NacosLogin). */
    public static final String USERNAME_VARIABLE = "UPGRADE_LAB_NACOS_USERNAME";
    public static final String PASSWORD_VARIABLE = "UPGRADE_LAB_NACOS_PASSWORD";

    /** The environment a client process of the lab reads the user from: empty without credentials. */
    public static Map<String, String> environment(Optional<NacosCredentials> credentials) {
        return credentials.map(c -> Map.of(USERNAME_VARIABLE, c.username(), PASSWORD_VARIABLE, c.password()))
                .orElse(Map.of());
    }

    @Override
    public String toString() {
        return "NacosCredentials[username=" + username + ", password=***]";
    }
}
