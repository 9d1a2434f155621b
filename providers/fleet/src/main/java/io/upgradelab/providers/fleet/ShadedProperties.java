package io.upgradelab.providers.fleet;

/**
 * System properties as a shaded nacos-client reads them.
 *
 * <p>Relocation rewrites every string that starts with {@code com.alibaba.nacos}, property names
 * included: the shaded 1.x client reads {@code io.upgradelab.shaded.nacos1x.com.alibaba.nacos.client.naming.local.ip},
 * not the name its documentation gives. Setting the documented name would silently do nothing.
 */
final class ShadedProperties {

    /** The client's own address: 1.x reads the first, 2.x either. */
    static final String NAMING_LOCAL_IP = "com.alibaba.nacos.client.naming.local.ip";
    static final String LOCAL_IP = "com.alibaba.nacos.client.local.ip";
    private static final String ORIGINAL_PACKAGE = "com.alibaba.nacos.";

    private ShadedProperties() {
    }

    /** The name under which the generation that {@code shadedClass} belongs to reads {@code property}. */
    static String name(Class<?> shadedClass, String property) {
        String className = shadedClass.getName();
        int at = className.indexOf(ORIGINAL_PACKAGE);
        if (at < 0 || !property.startsWith(ORIGINAL_PACKAGE)) {
            throw new IllegalArgumentException(className + " / " + property + ": not a shaded Nacos name");
        }
        return className.substring(0, at) + property;
    }

    /** Makes the generation of {@code shadedClass} report 127.0.0.1 as its own address. */
    static void useLoopback(Class<?> shadedClass) {
        System.setProperty(name(shadedClass, NAMING_LOCAL_IP), FleetLayout.IP);
        System.setProperty(name(shadedClass, LOCAL_IP), FleetLayout.IP);
    }
}
