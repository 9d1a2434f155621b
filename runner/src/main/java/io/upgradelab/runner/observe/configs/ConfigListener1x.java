package io.upgradelab.runner.observe.configs;

import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.PropertyKeyConst;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.config.ConfigFactory;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.config.ConfigService;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.config.listener.AbstractListener;
import io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.exception.NacosException;
import java.util.Optional;
import java.util.Properties;

/**
 * The nacos-client 1.4.1 (shaded) listener: HTTP long polling, served by 1.x and 2.x servers alike.
 *
 * <p>It mirrors {@link ConfigListener2x} line for line on purpose: the two generations have the same
 * API in two relocated packages, which share no type Java could abstract over.
 */
final class ConfigListener1x implements ConfigListener {

    static final String GENERATION = "1x";
    static final String CLIENT = "1.4.1";
    private static final long READ_TIMEOUT_MS = 5000;

    private final ConfigService service;

    /** Reads each config, then listens to it; what it reads and hears goes to {@code book}. */
    ConfigListener1x(String serverAddresses, Optional<NacosCredentials> credentials, ConfigBook book) {
        Properties properties = new Properties();
        properties.setProperty(PropertyKeyConst.SERVER_ADDR, serverAddresses);
        credentials.ifPresent(c -> {
            properties.setProperty(PropertyKeyConst.USERNAME, c.username());
            properties.setProperty(PropertyKeyConst.PASSWORD, c.password());
        });
        try {
            service = ConfigFactory.createConfigService(properties);
            book.listening(GENERATION, CLIENT);
            for (String dataId : book.dataIds()) {
                book.heard(GENERATION, dataId, service.getConfig(dataId, ConfigContents.GROUP, READ_TIMEOUT_MS), false);
                service.addListener(dataId, ConfigContents.GROUP, new AbstractListener() {
                    @Override
                    public void receiveConfigInfo(String content) {
                        book.heard(GENERATION, dataId, content, true);
                    }
                });
            }
        } catch (NacosException e) {
            throw new IllegalStateException("nacos-client " + CLIENT + " could not listen to the configs: "
                    + e.getErrMsg(), e);
        }
    }

    @Override
    public void close() {
        try {
            service.shutDown();
        } catch (NacosException e) {
            // shutting down: nothing more to hear
        }
    }
}
