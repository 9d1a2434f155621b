package io.upgradelab.runner.backend.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.plan.Problems;
import io.upgradelab.runner.testing.Targets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the external backend checks before a run, and how it reads a node's Prometheus page. */
class ExternalBackendTest {

    @Test
    void anExternalTargetNeedsItsSectionOneNodePerAddressAndOneCommandPerNode() {
        assertThat(problems(Targets.of("{backend: external, version: 1.4.1, nodes: 3}")))
                .containsExactly("/target: backend external needs an 'external' section with the nodes' addresses");
        String two = "external: {addresses: ['127.0.0.1:8848', '127.0.0.1:8858'], upgradeCommands: [[upgrade, '{version}']]}";
        assertThat(problems(Targets.of("{backend: external, version: 1.4.1, nodes: 3, " + two + "}"))).containsExactly(
                "/target/nodes: nodes is 3 but external.addresses lists 2 (leave nodes out: it defaults to the number of addresses)",
                "/target/external/upgradeCommands: 1 upgrade commands for 2 nodes: give one per node, in node order");
        assertThat(Targets.of("{backend: external, version: 1.4.1, " + two + "}").nodes()).isEqualTo(2);
    }

    @Test
    void cpuIsTheProcessShareOfAllCoresInPercentOfOneCoreAndMemoryTheJvmPools() {
        String page = """
                # HELP process_cpu_usage The "recent cpu usage" for the Java Virtual Machine process
                # TYPE process_cpu_usage gauge
                process_cpu_usage 0.25
                system_cpu_count 4.0
                jvm_memory_used_bytes{area="heap",id="G1 Eden Space",} 1.048576E8
                jvm_memory_used_bytes{area="nonheap",id="Metaspace",} 5.24288E7
                jvm_memory_max_bytes{area="heap",id="G1 Eden Space",} -1.0
                """;

        NodeResources resources = PrometheusText.resources(page);

        assertThat(resources.cpuPercent()).isEqualTo(100.0);
        assertThat(resources.rssMiB()).isEqualTo(150);
        assertThatThrownBy(() -> PrometheusText.resources("jvm_threads_live_threads 12.0\n"))
                .hasMessageContaining("no process_cpu_usage");
    }

    private static List<String> problems(Target target) {
        Problems problems = new Problems();
        new ExternalBackend().check(target, problems.at("/target"));
        return problems.all().stream().map(p -> p.pointer() + ": " + p.message()).toList();
    }
}
