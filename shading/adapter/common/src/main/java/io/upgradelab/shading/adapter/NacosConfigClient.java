package io.upgradelab.shading.adapter;

import com.alibaba.nacos.api.PropertyKeyConst;
import com.alibaba.nacos.api.config.ConfigFactory;
import com.alibaba.nacos.api.config.ConfigService;
import com.alibaba.nacos.api.config.listener.AbstractListener;
import com.alibaba.nacos.api.exception.NacosException;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import java.util.Properties;
import java.util.function.Consumer;

/** One real nacos-client config service of this module's version: what an application reading its configuration holds. */
final class NacosConfigClient implements ConfigClient {

    private final ConfigService service;

    NacosConfigClient(ConfigSettings settings) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, settings.serverAddresses());
        settings.username().ifPresent(u -> properties.setProperty(PropertyKeyConst.USERNAME, u));
        settings.password().ifPresent(p -> properties.setProperty(PropertyKeyConst.PASSWORD, p));
        settings.namespace().ifPresent(n -> properties.setProperty(PropertyKeyConst.NAMESPACE, n));
        try {
            this.service = ConfigFactory.createConfigService(properties);
        } catch (NacosException e) {
            throw new IllegalStateException("nacos-client could not start: " + e.getErrMsg(), e);
        }
    }

    @Override
    public String read(String dataId, String group, long timeoutMillis) throws NacosException {
        return service.getConfig(dataId, group, timeoutMillis);
    }

    @Override
    public void listen(String dataId, String group, Consumer<String> onChange) throws NacosException {
        service.addListener(dataId, group, new AbstractListener() {
            @Override
            public void receiveConfigInfo(String content) {
                onChange.accept(content);
            }
        });
    }

    @Override
    public boolean publish(String dataId, String group, String content) throws NacosException {
        return service.publishConfig(dataId, group, content);
    }

    @Override
    public boolean remove(String dataId, String group) throws NacosException {
        return service.removeConfig(dataId, group);
    }

    @Override
    public void shutDown() throws NacosException {
        service.shutDown();
    }
}
