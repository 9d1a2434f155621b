package io.upgradelab.shading.adapter;

import com.alibaba.nacos.common.utils.VersionUtils;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.NamingSettings;

/**
 * The factory of one nacos-client version. Written once against the unrelocated nacos-client API
 * and compiled in each shading module against that module's version; the shade plugin relocates it
 * with the client (and rewrites its META-INF/services entry), so every version's jar carries its
 * own copy under its own prefix, and the fleet loads them side by side.
 */
public final class NacosClientFactory implements NamingClientFactory {

    @Override
    public String clientVersion() {
        return VersionUtils.version;
    }

    @Override
    public boolean beatsPerInstance() {
        return Beats.PER_INSTANCE;
    }

    @Override
    public long beatsSent() {
        return Beats.sent();
    }

    @Override
    public NamingClient connect(NamingSettings settings) {
        LocalAddress.use(settings.localIp());
        Beats.count();
        return new NacosNamingClient(settings);
    }

    @Override
    public ConfigClient connectConfigs(ConfigSettings settings) {
        return new NacosConfigClient(settings);
    }
}
