package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.KubernetesTarget;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.BackendType;
import io.upgradelab.runner.backend.ImageNames;
import io.upgradelab.runner.backend.KubernetesTarget;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code target.backend: kubernetes}: Nacos as a StatefulSet in {@code kubernetes.namespace} of the
 * cluster the kubeconfig (and {@code kubernetes.context}) names, faults through Chaos Mesh. See
 * {@link KubernetesCluster} for what it creates and waits for, and docs/kubernetes.md.
 */
public final class KubernetesBackend implements BackendType {

    @Override
    public String name() {
        return "kubernetes";
    }

    @Override
    public Optional<Class<? extends Record>> settings() {
        return Optional.of(KubernetesTarget.class);
    }

    /** Every one (faults through Chaos Mesh) but a network fault between a node and its peers or its clients alone, not mapped yet. */
    @Override
    public Set<Capability> capabilities(Target target) {
        // NetworkChaos here cuts a pod from all others; the console is a Deployment of the team's own
        return EnumSet.complementOf(EnumSet.of(Capability.NETWORK_BETWEEN, Capability.CONSOLE));
    }

    @Override
    public void check(Target target, Problems problems) {
        if (target.firstPort() != 0) {
            problems.add("firstPort", "backend kubernetes gives every node its own pod and the standard port 8848:"
                    + " firstPort is for backend local");
        }
        if (!target.allowRemote()) {
            problems.add("allowRemote", "backend kubernetes runs the demo providers, the fleet and the probe in pods,"
                    + " whose addresses and the Nacos pods' are off loopback; without target.allowRemote: true they refuse"
                    + " them and a run stops at its first demo provider: set it");
        }
        KubernetesTarget kubernetes = target.kubernetes();
        ImageNames.repositoryProblem(kubernetes.image()).ifPresent(p -> problems.add("kubernetes/image", p));
        if (kubernetes.labImage() != null) {
            ImageNames.referenceProblem(kubernetes.labImage()).ifPresent(p -> problems.add("kubernetes/labImage", p));
        }
        if (kubernetes.startTimeout().isZero()) {
            problems.add("kubernetes/startTimeout", "0s leaves the pods no time to be Ready: at least 1s (default 10m)");
        }
    }

    @Override
    public Backend open(Target target, Path runDirectory, Consumer<String> progress) {
        KubernetesClient client = connect(target.kubernetes().context());
        progress.accept("kubernetes: " + client.getMasterUrl() + ", namespace " + target.kubernetes().namespace());
        try {
            return KubernetesCluster.open(client, target, progress, client::close);
        } catch (KubernetesClientException e) {
            throw new LabException(LabException.FAILED, "kubernetes at " + client.getMasterUrl() + ": " + e.getMessage());
        }
    }

    /** A client for {@code context} of the kubeconfig ($KUBECONFIG or ~/.kube/config), or its current context when null. */
    private static KubernetesClient connect(String context) {
        try {
            return new KubernetesClientBuilder().withConfig(Config.autoConfigure(context)).build();
        } catch (KubernetesClientException e) {
            throw LabException.invalidInput("no Kubernetes client configuration"
                    + (context == null ? "" : " for context '" + context + "'") + ": " + e.getMessage());
        }
    }
}
