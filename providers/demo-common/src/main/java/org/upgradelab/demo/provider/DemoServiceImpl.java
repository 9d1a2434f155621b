package org.upgradelab.demo.provider;

import org.apache.dubbo.common.Version;
import org.upgradelab.demo.DemoService;

/** Says who answered, so a probe sees which provider (and which Dubbo generation) served it. */
public class DemoServiceImpl implements DemoService {

    private final String application;
    private final String host;
    private final int port;

    public DemoServiceImpl(String application, String host, int port) {
        this.application = application;
        this.host = host;
        this.port = port;
    }

    @Override
    public String sayHello(String name) {
        return DemoService.answer(name, application, host, port, Version.getVersion());
    }
}
