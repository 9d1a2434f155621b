package io.upgradelab.runner.nacos;

import java.util.Map;

/** One instance of a service as a node serves it ({@code GET v1/ns/instance/list}). */
public record RegisteredInstance(String ip, int port, boolean healthy, Map<String, String> metadata) {

    public RegisteredInstance {
        metadata = Map.copyOf(metadata);
    }

    public String address() {
        return ip + ":" + port;
    }
}
