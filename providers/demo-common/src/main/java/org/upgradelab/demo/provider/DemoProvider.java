package org.upgradelab.demo.provider;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.upgradelab.demo.DemoService;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.registry.LabRegistry;

/**
 * A real Dubbo provider of {@link DemoService}, registered through Dubbo's own Nacos registry.
 * Compiled once per generation (Dubbo 2.7 with nacos-client 1.x, Dubbo 3 with nacos-client 2.x);
 * what differs between them is passed as {@code dubbo.*} system properties by the runner.
 *
 * <p>Arguments: {@code SERVERS PORT APPLICATION}; it serves, and registers, at {@link LabAddress#own()}. Prints {@code demo provider ready} once exported.
 */
public final class DemoProvider {

    public static final String READY = "demo provider ready";

    private DemoProvider() {
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: DemoProvider SERVERS PORT APPLICATION  (SERVERS: 127.0.0.1:8848,...)");
            System.exit(2);
        }
        String servers = args[0];
        int port = Integer.parseInt(args[1]);
        String application = args[2];
        LabAddress.applyToDubbo();
        String host = LabAddress.own();

        ApplicationConfig app = new ApplicationConfig(application);
        app.setQosEnable(false);
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setHost(host);
        ServiceConfig<DemoService> service = new ServiceConfig<>();
        service.setInterface(DemoService.class);
        service.setRef(new DemoServiceImpl(application, host, port));

        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(app)
                .registry(LabRegistry.of(servers)).protocol(protocol).service(service).start();
        System.out.println(READY + ": " + DemoService.class.getName() + " at " + host + ":" + port + " as " + application);
        System.out.flush();
        bootstrap.await();
    }
}
