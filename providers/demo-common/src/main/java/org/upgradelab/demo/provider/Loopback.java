package org.upgradelab.demo.provider;

/** Keeps the Nacos client of either generation on loopback: it reports 127.0.0.1 as its own address. */
final class Loopback {

    private Loopback() {
    }

    static void applyToNacosClient() {
        System.setProperty("com.alibaba.nacos.client.naming.local.ip", "127.0.0.1");   // 1.x and 2.x
        System.setProperty("com.alibaba.nacos.client.local.ip", "127.0.0.1");          // 2.x
    }

    /** {@code 127.0.0.1:8848,127.0.0.1:8858} as Dubbo's registry address; refuses anything off loopback. */
    static String registry(String servers) {
        for (String server : servers.split(",")) {
            if (!server.trim().startsWith("127.")) {
                throw new IllegalArgumentException("registry " + server + " is not on loopback");
            }
        }
        return "nacos://" + servers;
    }
}
