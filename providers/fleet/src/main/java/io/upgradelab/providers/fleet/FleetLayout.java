package io.upgradelab.providers.fleet;

import java.util.LinkedHashMap;
import java.util.Map;
import org.upgradelab.demo.LabAddress;

/**
 * Where provider number i lives: which service, which virtual process, which port.
 *
 * <p>A virtual process stands for one Dubbo provider process: one Nacos client, one port, and one
 * provider in each of {@code providersPerClient} different services (a Dubbo process exports
 * several interfaces on one port). Provider i belongs to process {@code i / providersPerClient}
 * and service {@code i % services}, so services fill evenly and no process holds two providers of
 * one service, which 2.x forbids per connection anyway.
 *
 * @param services            how many Dubbo interfaces the fleet spreads over
 * @param providersPerClient providers per virtual process (and so per Nacos client); at most
 *                            {@code services}
 * @param firstPort           the port of process 0; process p uses {@code firstPort + p}
 * @param ip                  the address every provider registers, the fleet process's own
 */
public record FleetLayout(int services, int providersPerClient, int firstPort, String application, String ip) {

    static final String INTERFACE_PREFIX = "org.upgradelab.demo.LoadService";
    static final String DUBBO_VERSION = "2.0.2";
    static final String DUBBO_RELEASE = "2.7.23";

    public FleetLayout {
        if (services < 1 || providersPerClient < 1 || providersPerClient > services) {
            throw new IllegalArgumentException("need 1 <= providers per client (" + providersPerClient
                    + ") <= services (" + services + ")");
        }
    }

    /** A layout whose providers register 127.0.0.1. */
    public FleetLayout(int services, int providersPerClient, int firstPort, String application) {
        this(services, providersPerClient, firstPort, application, LabAddress.DEFAULT);
    }

    public int processOf(int provider) {
        return provider / providersPerClient;
    }

    public int portOf(int process) {
        return firstPort + process;
    }

    /** The Dubbo interface a provider exports, e.g. {@code org.upgradelab.demo.LoadService017}. */
    public String interfaceOf(int provider) {
        return String.format("%s%03d", INTERFACE_PREFIX, provider % services);
    }

    public Provider provider(int index) {
        String iface = interfaceOf(index);
        int port = portOf(processOf(index));
        return new Provider(index, "providers:" + iface + "::", ip, port, dubboParameters(iface, port));
    }

    /** The URL parameters Dubbo 2.7's Nacos registry stores as instance metadata. */
    private Map<String, String> dubboParameters(String iface, int port) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("anyhost", "true");
        p.put("application", application);
        p.put("bind.ip", ip);
        p.put("bind.port", Integer.toString(port));
        p.put("category", "providers");
        p.put("deprecated", "false");
        p.put("dubbo", DUBBO_VERSION);
        p.put("dynamic", "true");
        p.put("generic", "false");
        p.put("interface", iface);
        p.put("methods", "sayHello,echo");
        p.put("path", iface);
        p.put("pid", Long.toString(ProcessHandle.current().pid()));
        p.put("protocol", "dubbo");
        p.put("release", DUBBO_RELEASE);
        p.put("side", "provider");
        p.put("timestamp", Long.toString(System.currentTimeMillis()));
        return p;
    }
}
