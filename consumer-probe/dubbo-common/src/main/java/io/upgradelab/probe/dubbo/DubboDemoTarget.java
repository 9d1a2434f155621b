package io.upgradelab.probe.dubbo;

import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.ProbeTarget;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcContext;
import org.upgradelab.demo.DemoService;
import org.upgradelab.demo.LabAddress;
import org.upgradelab.demo.registry.LabRegistry;

/**
 * A real Dubbo consumer of {@link DemoService} through Dubbo's own Nacos registry, as an
 * application would have it: no check at start-up (the probe counts a missing provider per call
 * instead), no retries (a retry would hide the failure the probe is there to count), and
 * asynchronous calls, so a slow provider holds no probe thread. Answers are handled on the thread
 * that read them ({@code dispatcher=direct}): the probe's handling is short, and a hand-off per
 * call to Dubbo's client pool would cost more CPU than the handling does.
 */
final class DubboDemoTarget implements ProbeTarget {

    private final DubboBootstrap bootstrap;
    private final DemoService demo;

    private DubboDemoTarget(DubboBootstrap bootstrap, DemoService demo) {
        this.bootstrap = bootstrap;
        this.demo = demo;
    }

    static DubboDemoTarget connect(String registry, Duration timeout) {
        LabAddress.applyToDubbo();
        ApplicationConfig application = new ApplicationConfig("upgrade-lab-probe");
        application.setQosEnable(false);
        ReferenceConfig<DemoService> reference = new ReferenceConfig<>();
        reference.setInterface(DemoService.class);
        reference.setCheck(false);
        reference.setRetries(0);
        reference.setTimeout((int) timeout.toMillis());
        reference.setAsync(true);
        reference.setParameters(new HashMap<>(Map.of("dispatcher", "direct")));   // Dubbo adds to this map: mutable
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application)
                .registry(LabRegistry.of(registry)).reference(reference).start();
        return new DubboDemoTarget(bootstrap, reference.get());
    }

    @Override
    public String label() {
        return "DemoService.sayHello";
    }

    @Override
    @SuppressWarnings("deprecation")   // RpcContext.getContext(): the one way both Dubbo 2.7 and 3.x hand out the future
    public CompletionStage<?> call() {
        demo.sayHello("probe");   // asynchronous: answers null, the future holds the answer
        CompletableFuture<?> answer = RpcContext.getContext().getCompletableFuture();
        if (answer == null) {
            throw new IllegalStateException("Dubbo returned no future for an asynchronous call");
        }
        return answer;
    }

    @Override
    public String answeredBy(Object answer) {
        return DemoService.answeredBy(answer.toString());
    }

    @Override
    public CallOutcome classify(Throwable failure) {
        return DubboOutcomes.classify(failure);
    }

    @Override
    public void close() {
        bootstrap.stop();
    }
}
