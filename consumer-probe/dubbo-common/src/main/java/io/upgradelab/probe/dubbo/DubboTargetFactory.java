package io.upgradelab.probe.dubbo;

import io.upgradelab.probe.ProbeTarget;
import io.upgradelab.probe.ProbeTargetFactory;
import java.time.Duration;
import org.apache.dubbo.common.Version;

/** The probe's client: whichever Dubbo and nacos-client this module was built with. */
public final class DubboTargetFactory implements ProbeTargetFactory {

    @Override
    public String client() {
        return "Dubbo " + Version.getVersion() + " + nacos-client " + com.alibaba.nacos.common.utils.VersionUtils.version;
    }

    @Override
    public ProbeTarget connect(String registry, Duration timeout) {
        return DubboDemoTarget.connect(registry, timeout);
    }
}
