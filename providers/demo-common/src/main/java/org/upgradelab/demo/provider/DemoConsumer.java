package org.upgradelab.demo.provider;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcException;
import org.upgradelab.demo.DemoService;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.NacosLogin;

/**
 * One call of {@link DemoService} through the registry, as a real Dubbo consumer makes it: the
 * smallest proof that a demo provider answers. (The probe that calls at a steady rate is
 * consumer-probe/.)
 *
 * <p>Arguments: {@code SERVERS NAME}. Prints {@code ANSWER: ...} and exits 0, or
 * {@code CALL FAILED: <class> code=<n>: <message>} and exits 1.
 */
public final class DemoConsumer {

    private DemoConsumer() {
    }

    public static void main(String[] args) {
        LabAddress.applyToDubbo();
        ApplicationConfig app = new ApplicationConfig("upgrade-lab-demo-consumer");
        app.setQosEnable(false);
        ReferenceConfig<DemoService> reference = new ReferenceConfig<>();
        reference.setInterface(DemoService.class);
        reference.setCheck(false);
        reference.setTimeout(3000);
        reference.setRetries(0);
        RegistryConfig registry = new RegistryConfig(LabAddress.registry(args[0]));
        NacosLogin.username().ifPresent(registry::setUsername);
        NacosLogin.password().ifPresent(registry::setPassword);
        // the registry only, as the probe's: Dubbo would otherwise also make Nacos its config center and
        // metadata report, config clients that do not take the registry's user and, on a node that checks
        // its clients, stop the provider's start ("Config Service Available: false", seen here on 3.1.0)
        registry.setUseAsConfigCenter(false);
        registry.setUseAsMetadataCenter(false);
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(app)
                .registry(registry).reference(reference).start();
        int exit = 0;
        try {
            System.out.println("ANSWER: " + reference.get().sayHello(args[1]));
        } catch (RpcException e) {
            System.out.println("CALL FAILED: " + e.getClass().getName() + " code=" + e.getCode() + ": " + e.getMessage());
            exit = 1;
        } finally {
            System.out.flush();
            bootstrap.stop();
        }
        System.exit(exit);
    }
}
