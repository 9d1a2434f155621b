package org.upgradelab.demo.provider;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcException;
import org.upgradelab.demo.DemoService;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.registry.LabRegistry;

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
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(app)
                .registry(LabRegistry.of(args[0])).reference(reference).start();
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
