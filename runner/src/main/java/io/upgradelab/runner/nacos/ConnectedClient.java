package io.upgradelab.runner.nacos;

import java.util.List;

/**
 * A naming client as a 2.2+ node knows it ({@code GET v2/ns/client} and {@code v2/ns/client/publish/list}):
 * for a 2.x client, its connection with the version it reported when it connected; and the
 * instances it registered. This is how the lab checks from the server's side which client version
 * each provider really runs on.
 *
 * @param clientId  the node's id of the client ({@code <time>_<ip>_<port>} for a 2.x connection)
 * @param type      {@code connection} (2.x) or {@code ipPort} (1.x, no version known)
 * @param version   what the client reported, e.g. {@code Nacos-Java-Client:v2.3.2}; "" for a 1.x client
 * @param clientIp  the address the client reported as its own
 * @param published the instances it registered
 */
public record ConnectedClient(String clientId, String type, String version, String clientIp,
                              List<Published> published) {

    private static final String VERSION_MARK = ":v";

    public ConnectedClient {
        published = List.copyOf(published);
    }

    /** One instance a client registered. */
    public record Published(String serviceName, String ip, int port) {
    }

    /** The nacos-client version alone: {@code 2.3.2} from {@code Nacos-Java-Client:v2.3.2}; "" when not reported. */
    public String clientVersion() {
        return clientVersionOf(version);
    }

    /** The version alone of what a client reported, {@code 2.3.2} from {@code Nacos-Java-Client:v2.3.2}; "" when none. */
    public static String clientVersionOf(String reported) {
        int at = reported.lastIndexOf(VERSION_MARK);
        return at < 0 ? "" : reported.substring(at + VERSION_MARK.length());
    }
}
