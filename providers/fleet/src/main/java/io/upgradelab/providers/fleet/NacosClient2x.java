package io.upgradelab.providers.fleet;

import io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.PropertyKeyConst;
import io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.exception.NacosException;
import io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.naming.NamingFactory;
import io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.naming.NamingService;
import io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.naming.pojo.Instance;
import java.util.Properties;
import org.upgradelab.demo.NacosLogin;

/**
 * A real nacos-client 2.0.4 (shaded): one gRPC connection per client, no per-provider beats.
 *
 * <p>It mirrors {@link NacosClient1x} line for line on purpose: the two generations have the same
 * API in two relocated packages, so their types share nothing Java could abstract over short of
 * reflection, which would hide exactly the calls this class exists to make.
 */
final class NacosClient2x implements RegistryClient {

    static {
        ShadedProperties.useLoopback(NamingService.class);
    }

    private final NamingService naming;

    NacosClient2x(ClientSettings settings) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, settings.serverAddresses());
        NacosLogin.username().ifPresent(u -> properties.setProperty(PropertyKeyConst.USERNAME, u));
        NacosLogin.password().ifPresent(p -> properties.setProperty(PropertyKeyConst.PASSWORD, p));
        properties.setProperty(PropertyKeyConst.NAMING_POLLING_THREAD_COUNT, "1");
        properties.setProperty(PropertyKeyConst.NAMING_LOAD_CACHE_AT_START, "false");
        try {
            this.naming = NamingFactory.createNamingService(properties);
        } catch (NacosException e) {
            throw new IllegalStateException("nacos-client 2.x could not start: " + e.getErrMsg(), e);
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
