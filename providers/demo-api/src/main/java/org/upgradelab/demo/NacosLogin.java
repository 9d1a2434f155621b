package org.upgradelab.demo;

import java.util.Optional;

/**
 * The Nacos user a demo process logs in as when the cluster has auth on. The runner hands it over
 * in two environment variables, never on the command line (which every user of the machine can
 * read in /proc) and never in a file of the run.
 */
public final class NacosLogin {

    /** The variables; the runner's NacosCredentials names the same two. */
    public static final String USERNAME_VARIABLE = "UPGRADE_LAB_NACOS_USERNAME";
    public static final String PASSWORD_VARIABLE = "UPGRADE_LAB_NACOS_PASSWORD";

    private NacosLogin() {
    }

    /** The user name, when the runner gave one. */
    public static Optional<String> username() {
        return Optional.ofNullable(System.getenv(USERNAME_VARIABLE)).filter(u -> !u.isEmpty());
    }

    /** The password, given with the user name. */
    public static Optional<String> password() {
        return username().map(u -> Optional.ofNullable(System.getenv(PASSWORD_VARIABLE)).orElse(""));
    }
}
