package io.upgradelab.runner.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.chaosmesh.v1alpha1.NetworkChaos;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.testing.Targets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The manifests' rules that the backend and render tests do not reach: standalone, heap sizes, partitions. */
class ClusterManifestsTest {

    @Test
    void oneNodeIsAStandaloneServerWithoutAMemberList() {
        StatefulSet set = ClusterManifests.statefulSet(Targets.of(
                "{backend: kubernetes, version: 2.0.4, nodes: 1, serverHeap: 2g,"
                        + " kubernetes: {namespace: ns, image: mirror.example/nacos}}"));
        List<EnvVar> env = set.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
        assertThat(env).extracting(EnvVar::getName).doesNotContain("NACOS_SERVERS");
        assertThat(env).contains(new EnvVar("MODE", "standalone", null), new EnvVar("JVM_XMX", "2g", null),
                new EnvVar("JVM_XMN", "1024m", null));
        assertThat(KubernetesCluster.imageOf(set)).isEqualTo("mirror.example/nacos:v2.0.4");
        assertThat(set.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getRequests()
                .get("memory").toString()).isEqualTo("2560Mi");
    }

    @Test
    void aPartitionCutsTheNodeFromEveryOtherPodBothWays() {
        NetworkChaos partition = ChaosManifests.network(Targets.of("{backend: kubernetes, version: 2.0.4, kubernetes: {namespace: ns}}"), 2,
                NetworkDisturbance.partition());
        assertThat(partition.getSpec().getAction()).isEqualTo("partition");
        assertThat(partition.getSpec().getDirection()).isEqualTo("both");
        assertThat(partition.getSpec().getTarget().getMode()).isEqualTo("all");
        assertThat(partition.getSpec().getTarget().getSelector().getExpressionSelectors()).singleElement()
                .satisfies(r -> {
                    assertThat(r.getKey()).isEqualTo("statefulset.kubernetes.io/pod-name");
                    assertThat(r.getOperator()).isEqualTo("NotIn");
                    assertThat(r.getValues()).containsExactly("nacos-1");
                });
    }

    @Test
    void demoProvidersRegisterTheirPodsAddressOnlyWithTheFilesOptIn() {
        Deployment demo = ClusterManifests.demoProviders(Targets.of(
                "{backend: kubernetes, version: 2.0.4, kubernetes: {namespace: ns, labImage: 'lab:2'}}"), "2.3.2", 4);
        assertThat(demo.getMetadata().getName()).isEqualTo("upgrade-lab-demo-2-3-2");
        assertThat(demo.getSpec().getReplicas()).isEqualTo(4);
        List<EnvVar> env = demo.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv();
        assertThat(env).contains(new EnvVar("UPGRADE_LAB_ALLOW_REMOTE", "false", null));
        assertThat(demo.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                .as("the lab image's upgrade-lab serve, on the Deployment's client version")
                .startsWith("serve", "demo-provider", "--client", "2.3.2");
        assertThat(env).filteredOn(e -> e.getName().equals("UPGRADE_LAB_ADDRESS")).singleElement()
                .satisfies(e -> assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("status.podIP"));
    }

    @Test
    void theRunnersDeadlineIsTwiceThePlanPlusHalfAnHourAndItsFileNameAConfigMapKey() {
        assertThat(RunnerManifests.deadlineSeconds(Duration.ofMinutes(45))).isEqualTo(2 * 2700 + 1800);
        assertThat(RunnerManifests.deadlineSeconds(Duration.ZERO)).isEqualTo(1800);
        assertThat(RunnerManifests.experimentKey("experiments/nacos-1x-to-2x.yaml")).isEqualTo("nacos-1x-to-2x.yaml");
        assertThat(RunnerManifests.experimentKey("/tmp/my run+1.yaml")).isEqualTo("my-run-1.yaml");
        assertThat(RunnerManifests.experimentKey("C:\\lab\\x.yaml")).isEqualTo("x.yaml");
        assertThat(RunnerManifests.experimentKey("dir/..")).isEqualTo("experiment.yaml");
    }

    @Test
    void durationsAreWrittenAsChaosMeshReadsThem() {
        assertThat(ChaosManifests.text(Duration.ofHours(1))).isEqualTo("1h");
        assertThat(ChaosManifests.text(Duration.ofMinutes(90))).isEqualTo("90m");
        assertThat(ChaosManifests.text(Duration.ofSeconds(45))).isEqualTo("45s");
    }
}
