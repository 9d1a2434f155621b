package io.upgradelab.providers.fleet;

import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.PropertyKeyConst;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.exception.NacosException;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.naming.NamingFactory;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.naming.NamingService;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.naming.pojo.Instance;
import java.util.Properties;
import org.upgradelab.demo.NacosLogin;

/** A real nacos-client 1.4.1 (shaded): registrations over HTTP, one beat per provider every 5 s. */
final class NacosClient1x implements RegistryClient {

    static {
        ShadedProperties.useLoopback(NamingService.class);
        BeatCounter1x.install();
    }

    private final NamingService naming;

    NacosClient1x(ClientSettings settings) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, settings.serverAddresses());
        NacosLogin.username().ifPresent(u -> properties.setProperty(PropertyKeyConst.USERNAME, u));
        NacosLogin.password().ifPresent(p -> properties.setProperty(PropertyKeyConst.PASSWORD, p));
        properties.setProperty(PropertyKeyConst.NAMING_CLIENT_BEAT_THREAD_COUNT, Integer.toString(settings.beatThreads()));
        properties.setProperty(PropertyKeyConst.NAMING_POLLING_THREAD_COUNT, "1");
        properties.setProperty(PropertyKeyConst.NAMING_LOAD_CACHE_AT_START, "false");
        try {
            this.naming = NamingFactory.createNamingService(properties);
        } catch (NacosException e) {
            throw new IllegalStateException("nacos-client 1.x could not start: " + e.getErrMsg(), e);
        }
    }

    @Override
    public void register(Provider provider) throws NacosException {
        naming.registerInstance(provider.serviceName(), instance(provider));
    }

    @Override
    public void deregister(Provider provider) throws NacosException {
        naming.deregisterInstance(provider.serviceName(), instance(provider));
    }

    @Override
    public void shutDown() throws NacosException {
        naming.shutDown();
    }

    private static Instance instance(Provider provider) {
        Instance instance = new Instance();
        instance.setIp(provider.ip());
        instance.setPort(provider.port());
        instance.setEphemeral(true);
        instance.setMetadata(provider.metadata());
        return instance;
    }
}
