package io.upgradelab.runner.dubbo;

import io.upgradelab.naming.ClientVersions;
import java.util.List;

/**
 * The lab's real Dubbo programs, each built once per Dubbo line: Dubbo 2.7.23 for the 1.x client
 * (1.4.1; Dubbo 3 needs nacos-client 2 or later), Dubbo 3.2.19 for every 2.x client. A program's
 * build holds no nacos-client: {@link DubboJvm} adds the client version a run asks for. Adding a
 * client version therefore touches no program; adding a program is adding a constant.
 */
public enum DubboProgram {

    /** The demo provider (providers/demo-dubbo*). */
    DEMO_PROVIDER("providers/demo-dubbo27", "providers/demo-dubbo32", "demo-provider.jar", List.of()),
    /**
     * The consumer probe (consumer-probe/dubbo*). Its JIT stops at C1: at 100 calls/s the C2
     * compiler's work on Dubbo's code would cost the probe more CPU for minutes than its calls do.
     */
    PROBE("consumer-probe/dubbo27", "consumer-probe/dubbo32", "consumer-probe.jar", List.of("-XX:TieredStopAtLevel=1"));

    private final String dubbo27Module;
    private final String dubbo32Module;
    private final String jar;
    private final List<String> jvmOptions;

    DubboProgram(String dubbo27Module, String dubbo32Module, String jar, List<String> jvmOptions) {
        this.dubbo27Module = dubbo27Module;
        this.dubbo32Module = dubbo32Module;
        this.jar = jar;
        this.jvmOptions = jvmOptions;
    }

    /** Whether a program on client version {@code clientVersion} (or its shorthand) runs Dubbo 2.7 rather than 3. */
    public static boolean onDubbo27(String clientVersion) {
        return ClientVersions.isOneX(clientVersion);
    }

    /** The module that builds this program for client version {@code clientVersion}. */
    public String module(String clientVersion) {
        return onDubbo27(clientVersion) ? dubbo27Module : dubbo32Module;
    }

    /** JVM options of this program beyond those every Dubbo JVM of the lab gets. */
    public List<String> jvmOptions() {
        return jvmOptions;
    }

    /** The program's jar in the module's target/ (its libraries are in target/lib, in Maven's repository layout). */
    public String jar() {
        return jar;
    }
}
