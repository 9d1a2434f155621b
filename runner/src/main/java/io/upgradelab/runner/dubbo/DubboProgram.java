package io.upgradelab.runner.dubbo;

import io.upgradelab.runner.LabException;
import java.util.List;
import java.util.Map;

/**
 * The lab's real Dubbo programs, each built once per client generation: 1x is Dubbo 2.7.23 with
 * nacos-client 1.4.1, 2x is Dubbo 3.2.19 with nacos-client 2.0.4. Adding a generation is adding an
 * entry to each map; adding a program is adding a constant.
 */
public enum DubboProgram {

    /** The demo provider (providers/demo-dubbo*). */
    DEMO_PROVIDER(Map.of("1x", "providers/demo-dubbo27", "2x", "providers/demo-dubbo32"), "demo-provider.jar",
            List.of()),
    /**
     * The consumer probe (consumer-probe/dubbo*). Its JIT stops at C1: at 100 calls/s the C2
     * compiler's work on Dubbo's code would cost the probe more CPU for minutes than its calls do.
     */
    PROBE(Map.of("1x", "consumer-probe/dubbo27", "2x", "consumer-probe/dubbo32"), "consumer-probe.jar",
            List.of("-XX:TieredStopAtLevel=1"));

    private final Map<String, String> modules;
    private final String jar;
    private final List<String> jvmOptions;

    DubboProgram(Map<String, String> modules, String jar, List<String> jvmOptions) {
        this.modules = modules;
        this.jar = jar;
        this.jvmOptions = jvmOptions;
    }

    /** The module that builds this program for {@code generation}; an unknown generation is invalid input. */
    public String module(String generation) {
        String module = modules.get(generation);
        if (module == null) {
            throw LabException.invalidInput("unknown client generation '" + generation + "': expected one of "
                    + String.join(", ", modules.keySet().stream().sorted().toList()));
        }
        return module;
    }

    /** JVM options of this program beyond those every Dubbo JVM of the lab gets. */
    public List<String> jvmOptions() {
        return jvmOptions;
    }

    /** The program's jar in the module's target/ (its libraries are in target/lib). */
    public String jar() {
        return jar;
    }
}
