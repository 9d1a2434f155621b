package io.upgradelab.runner.experiment;

/**
 * A section's client version, which files name {@code client} or, written before there were client
 * versions, {@code generation} (the schema refuses both at once). Without either: {@code 1x}
 * (nacos-client 1.4.1), which works against 1.x and 2.x servers.
 */
final class ClientField {

    static final String DEFAULT = "1x";

    private ClientField() {
    }

    static String value(String client, String generation) {
        if (client != null) {
            return client;
        }
        return generation != null ? generation : DEFAULT;
    }

    /** The field's name in the file: {@code generation} only where the file uses that name. */
    static String name(String client, String generation) {
        return client == null && generation != null ? "generation" : "client";
    }
}
