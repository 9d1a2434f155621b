package io.upgradelab.shading.adapter;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.exception.NacosException;
import com.alibaba.nacos.api.naming.NamingFactory;
import com.alibaba.nacos.api.naming.NamingService;
import com.alibaba.nacos.api.naming.listener.NamingEvent;
import com.alibaba.nacos.api.naming.pojo.Instance;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingSettings;
import io.upgradelab.naming.PushedInstance;
import io.upgradelab.naming.Registration;
import java.util.HashMap;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/** One real nacos-client naming service of this module's version: what a Dubbo provider process holds. */
final class NacosNamingClient implements NamingClient {

    private final NamingService naming;

    NacosNamingClient(NamingSettings settings) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, settings.serverAddresses());
        settings.username().ifPresent(u -> properties.setProperty(PropertyKeyConst.USERNAME, u));
        settings.password().ifPresent(p -> properties.setProperty(PropertyKeyConst.PASSWORD, p));
        properties.setProperty(PropertyKeyConst.NAMING_CLIENT_BEAT_THREAD_COUNT, Integer.toString(settings.beatThreads()));
        properties.setProperty(PropertyKeyConst.NAMING_POLLING_THREAD_COUNT, "1");
        properties.setProperty(PropertyKeyConst.NAMING_LOAD_CACHE_AT_START, "false");
        try {
            this.naming = NamingFactory.createNamingService(properties);
        } catch (NacosException e) {
            throw new IllegalStateException("nacos-client could not start: " + e.getErrMsg(), e);
        }
    }

    @Override
    public void register(Registration registration) throws NacosException {
        naming.registerInstance(registration.serviceName(), instance(registration));
    }

    @Override
    public void deregister(Registration registration) throws NacosException {
        naming.deregisterInstance(registration.serviceName(), instance(registration));
    }

    @Override
    public int query(String serviceName) throws NacosException {
        return naming.getAllInstances(serviceName, false).size();
    }

    @Override
    public void subscribe(String serviceName, Consumer<List<PushedInstance>> onPush) throws NacosException {
        naming.subscribe(serviceName, event -> {
            if (event instanceof NamingEvent pushed) {
                onPush.accept(pushed.getInstances().stream()
                        .map(i -> new PushedInstance(i.getIp(), i.getPort(), i.isHealthy(), i.isEnabled())).toList());
            }
        });
    }

    @Override
    public void heartbeat(Registration registration) throws Exception {
        Beats.send(naming, registration.serviceName(), instance(registration));
    }

    @Override
    public void shutDown() throws NacosException {
        naming.shutDown();
    }

    private static Instance instance(Registration registration) {
        Instance instance = new Instance();
        instance.setIp(registration.ip());
        instance.setPort(registration.port());
        instance.setEphemeral(true);
        instance.setMetadata(new HashMap<>(registration.metadata()));
        return instance;
    }
}
