package org.upgradelab.demo.provider;

import org.apache.dubbo.common.Version;
import org.upgradelab.demo.DemoService;

/** Says who answered, so a probe sees which provider (and which Dubbo generation) served it. */
public class DemoServiceImpl implements DemoService {

    private final String identity;

    public DemoServiceImpl(String application, String host, int port) {
        this.identity = application + " at " + host + ":" + port + " (Dubbo " + Version.getVersion() + ")";
    }

    @Override
    public String sayHello(String name) {
        return "Hello " + name + " from " + identity;
    }
}
