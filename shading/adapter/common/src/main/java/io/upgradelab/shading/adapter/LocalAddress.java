package io.upgradelab.shading.adapter;

/**
 * The address a client reports as its own. The property names below are relocated with the client
 * (the shade plugin rewrites every string that starts with {@code com.alibaba.nacos}), so each
 * version reads its own and the clients of one JVM cannot set each other's.
 */
final class LocalAddress {

    /** 1.x reads the first; 2.x either. */
    static final String NAMING_LOCAL_IP = "com.alibaba.nacos.client.naming.local.ip";
    static final String LOCAL_IP = "com.alibaba.nacos.client.local.ip";

    private LocalAddress() {
    }

    /** Makes every client of this version report {@code ip}; before the first client, since they read it once. */
    static synchronized void use(String ip) {
        System.setProperty(NAMING_LOCAL_IP, ip);
        System.setProperty(LOCAL_IP, ip);
    }
}
