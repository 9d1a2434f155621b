package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.chaosmesh.v1alpha1.NetworkChaos;
import io.fabric8.chaosmesh.v1alpha1.NetworkChaosBuilder;
import io.fabric8.chaosmesh.v1alpha1.NetworkChaosSpecBuilder;
import io.fabric8.chaosmesh.v1alpha1.PodChaos;
import io.fabric8.chaosmesh.v1alpha1.PodChaosBuilder;
import io.fabric8.chaosmesh.v1alpha1.PodSelectorSpec;
import io.fabric8.chaosmesh.v1alpha1.PodSelectorSpecBuilder;
import io.fabric8.chaosmesh.v1alpha1.StressChaos;
import io.fabric8.chaosmesh.v1alpha1.StressChaosBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NodeFault;
import io.upgradelab.runner.backend.Target;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The Chaos Mesh resources the lab's faults are made of, as pure functions: each selects exactly
 * one node's pod (mode {@code one}, by its {@code statefulset.kubernetes.io/pod-name} label), and
 * each has a fixed name per node and kind, so the lab finds it again to end the fault and a second
 * fault of the same kind on the same node replaces the first.
 *
 * <p>Faults that last ({@code pod-failure}, network, stress) carry a {@link #SAFETY_DURATION}: the
 * lab ends them by deleting the resource, and the duration only bounds what a run that died
 * before its clean-up leaves behind.
 */
public final class ChaosManifests {

    /** The longest a fault the lab forgot lasts; a fault phase longer than this ends early. */
    public static final Duration SAFETY_DURATION = Duration.ofHours(1);
    /** Which node a fault acts on, for people listing the resources: {@code upgrade-lab/node=2}. */
    public static final String NODE_LABEL = "upgrade-lab/node";
    /** The {@code app.kubernetes.io/component} of every fault's resource. */
    public static final String COMPONENT = "fault";

    private ChaosManifests() {
    }

    /** A crash: Chaos Mesh deletes the pod without a grace period; the StatefulSet controller recreates it. */
    public static PodChaos podKill(Target target, int node) {
        return new PodChaosBuilder()
                .withMetadata(meta(target, "pod-kill", node))
                .withNewSpec().withAction("pod-kill").withMode("one").withSelector(pod(target, node))
                .withGracePeriod(0L).endSpec()
                .build();
    }

    /**
     * A frozen node: Chaos Mesh swaps the container's image for a pause image until the resource
     * is deleted, so the pod stays (with its name and volume) but runs nothing and is not ready.
     */
    public static PodChaos podFailure(Target target, int node) {
        return new PodChaosBuilder()
                .withMetadata(meta(target, "pod-failure", node))
                .withNewSpec().withAction("pod-failure").withMode("one").withSelector(pod(target, node))
                .withDuration(text(SAFETY_DURATION)).endSpec()
                .build();
    }

    /**
     * The Chaos Mesh resource that does {@code fault} to node {@code node}; empty for a restart, which
     * is a pod deleted with its grace period and recreated by the StatefulSet.
     */
    public static Optional<HasMetadata> of(Target target, int node, NodeFault fault) {
        return fault.match(new NodeFault.Cases<Optional<HasMetadata>>() {
            @Override
            public Optional<HasMetadata> kill() {
                return Optional.of(podKill(target, node));
            }

            @Override
            public Optional<HasMetadata> pause() {
                return Optional.of(podFailure(target, node));
            }

            @Override
            public Optional<HasMetadata> restart() {
                return Optional.empty();
            }

            @Override
            public Optional<HasMetadata> network(NetworkDisturbance disturbance) {
                return Optional.of(ChaosManifests.network(target, node, disturbance));
            }
        });
    }

    /**
     * Packets from the node's pod to its peers and clients held back, dropped, or all dropped
     * (direction {@code to}). A partition names the other side: every other pod in the namespace
     * (its peers, and the fleet and the probe when they run there), both directions.
     */
    public static NetworkChaos network(Target target, int node, NetworkDisturbance disturbance) {
        NetworkChaosSpecBuilder spec = new NetworkChaosSpecBuilder()
                .withMode("one").withSelector(pod(target, node)).withDirection("to")
                .withDuration(text(SAFETY_DURATION));
        NetworkChaosSpecBuilder disturbed = switch (disturbance.kind()) {
            case DELAY -> spec.withAction("delay")
                    .withNewDelay().withLatency(disturbance.delay().toMillis() + "ms").withJitter("0ms")
                    .withCorrelation("0").endDelay();
            case LOSS -> spec.withAction("loss")
                    .withNewLoss().withLoss(percent(disturbance.lossPercent())).withCorrelation("0").endLoss();
            case PARTITION -> spec.withAction("partition").withDirection("both")
                    .withNewTarget().withMode("all").withSelector(everyOtherPod(target, node)).endTarget();
        };
        return new NetworkChaosBuilder().withMetadata(meta(target, "network", node)).withSpec(disturbed.build()).build();
    }

    /** {@code workers} CPU burners at {@code loadPercent} each in the node's pod, next to Nacos. */
    public static StressChaos cpuStress(Target target, int node, int workers, int loadPercent) {
        return new StressChaosBuilder()
                .withMetadata(meta(target, "stress", node))
                .withNewSpec().withMode("one").withSelector(pod(target, node))
                .withNewStressors().withNewCpu().withWorkers(workers).withLoad(loadPercent).endCpu().endStressors()
                .withDuration(text(SAFETY_DURATION)).endSpec()
                .build();
    }

    /** {@code upgrade-lab-pod-kill-nacos-1}: the name of a fault's resource on a node. */
    public static String name(String fault, int node) {
        return LabLabels.LAB + "-" + fault + "-" + ClusterManifests.podName(node);
    }

    private static ObjectMeta meta(Target target, String fault, int node) {
        Map<String, String> labels = LabLabels.lab(target, LabLabels.LAB + "-" + fault, COMPONENT);
        labels.put(NODE_LABEL, String.valueOf(node));
        return new ObjectMetaBuilder().withName(name(fault, node)).withNamespace(target.kubernetes().namespace())
                .withLabels(labels).build();
    }

    private static PodSelectorSpec pod(Target target, int node) {
        return new PodSelectorSpecBuilder().withNamespaces(target.kubernetes().namespace())
                .withLabelSelectors(Map.of(ClusterManifests.POD_NAME_LABEL, ClusterManifests.podName(node)))
                .build();
    }

    private static PodSelectorSpec everyOtherPod(Target target, int node) {
        return new PodSelectorSpecBuilder().withNamespaces(target.kubernetes().namespace())
                .withExpressionSelectors(new LabelSelectorRequirementBuilder().withKey(ClusterManifests.POD_NAME_LABEL)
                        .withOperator("NotIn").withValues(ClusterManifests.podName(node)).build())
                .build();
    }

    /** {@code 1h}, {@code 90s}: a duration as Chaos Mesh (Go) reads it. */
    static String text(Duration d) {
        return d.toSeconds() % 3600 == 0 ? d.toHours() + "h" : d.toSeconds() % 60 == 0 ? d.toMinutes() + "m"
                : d.toSeconds() + "s";
    }

    private static String percent(double percent) {
        return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
    }
}
