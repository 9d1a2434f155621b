package io.upgradelab.runner.backend.local;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * A secret made for one run (a password, a signing key): its value only where it is used, never in
 * a {@code toString}, so that no log line, message or journal field can carry it by accident.
 */
final class Secret {

    static final String HIDDEN = "(hidden)";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    /** 192 random bits, base64url: letters, digits, '-' and '_', nothing SQL or a shell would read. */
    static Secret random() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return new Secret(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /**
     * 384 random bits in standard Base64 (64 characters, no padding): the form Nacos's token signing
     * key takes, which it decodes and wants at least 32 bytes of.
     */
    static Secret signingKey() {
        byte[] bytes = new byte[48];
        RANDOM.nextBytes(bytes);
        return new Secret(Base64.getEncoder().encodeToString(bytes));
    }

    String value() {
        return value;
    }

    @Override
    public String toString() {
        return HIDDEN;
    }
}
