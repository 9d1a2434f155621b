package org.upgradelab.demo.registry;

import java.util.HashMap;
import java.util.Map;
import org.apache.dubbo.config.RegistryConfig;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.NacosLogin;
import org.upgradelab.demo.NamingOptions;

/**
 * The Nacos registry as every Dubbo program of the lab (demo providers, demo consumer, probe) sets it
 * up, in one place so that they cannot drift apart: logged in as the runner says ({@link NacosLogin}),
 * and a registry only. Dubbo would otherwise also make Nacos its config center and metadata report:
 * more Nacos config clients polling for nothing the lab measures, which do not take the registry's
 * user and, on a node that checks its clients, stop the program's start ("Config Service Available:
 * false", seen on 3.1.0).
 */
public final class LabRegistry {

    private LabRegistry() {
    }

    /** The registry at the Nacos nodes {@code servers} ({@code 127.0.0.1:8848,...}). */
    public static RegistryConfig of(String servers) {
        RegistryConfig registry = new RegistryConfig(LabAddress.registry(servers));
        NacosLogin.username().ifPresent(registry::setUsername);
        NacosLogin.password().ifPresent(registry::setPassword);
        registry.setUseAsConfigCenter(false);
        registry.setUseAsMetadataCenter(false);
        if (NamingOptions.pushEmptyProtection()) {
            // Dubbo hands the registry's parameters named in nacos-client's PropertyKeyConst to the client
            registry.setParameters(new HashMap<>(Map.of("namingPushEmptyProtection", "true")));
        }
        return registry;
    }
}
