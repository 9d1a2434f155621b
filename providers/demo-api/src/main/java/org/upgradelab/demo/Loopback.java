package org.upgradelab.demo;

/**
 * Keeps a demo process (provider or probe) and its Nacos client, whatever its version, on loopback:
 * the client reports 127.0.0.1 as its own address, and the registry it dials must be on 127.*.
 */
public final class Loopback {

    private Loopback() {
    }

    public static void applyToNacosClient() {
        System.setProperty("com.alibaba.nacos.client.naming.local.ip", "127.0.0.1");   // 1.x and 2.x
        System.setProperty("com.alibaba.nacos.client.local.ip", "127.0.0.1");          // 2.x
    }

    /** {@code 127.0.0.1:8848,127.0.0.1:8858} as Dubbo's registry address; refuses anything off loopback. */
    public static String registry(String servers) {
        for (String server : servers.split(",")) {
            if (!server.trim().startsWith("127.")) {
                throw new IllegalArgumentException("registry " + server + " is not on loopback");
            }
        }
        return "nacos://" + servers;
    }
}
