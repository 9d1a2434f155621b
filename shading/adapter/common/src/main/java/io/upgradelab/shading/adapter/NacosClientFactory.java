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

    /**
     * Held while a client of this version starts: one at a time. Why: nacos-client 3.x caches what
     * its service loader found (NacosServiceLoader) without a lock, so the first clients made at
     * once can see the cache half-filled and fail with "No server list provider found": 9 of 100
     * fresh JVMs that started four 3.1.1 clients together had one fail, 7 of 100 on 2.5.1, none through
     * this lock (bench/client-start-race, docs/runs/client-start-race). The fleet hosts many
     * provider processes in one JVM, and a subscriber beside them; in the processes it stands for,
     * one JVM each, that race cannot happen between them, so it must not happen here either.
     */
    private static final Object STARTING = new Object();

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
        synchronized (STARTING) {
            LocalAddress.use(settings.localIp());
            Beats.count();
            return new NacosNamingClient(settings);
        }
    }

    @Override
    public ConfigClient connectConfigs(ConfigSettings settings) {
        synchronized (STARTING) {
            return new NacosConfigClient(settings);
        }
    }
}
