package io.upgradelab.runner.experiment;

/**
 * Nacos as a StatefulSet in a Kubernetes namespace, faults through Chaos Mesh:
 * {@code target.backend: kubernetes}.
 *
 * @param namespace where everything is created (default {@code upgrade-lab})
 * @param context   the kubeconfig context to use; null for the current one
 * @param image     the Nacos server image without its tag (default {@code nacos/nacos-server}); the tag is {@code v<version>}
 * @param labImage  the image holding upgrade-lab, run as the provider fleet and the probe (default {@code upgrade-lab:<project version>})
 */
public record KubernetesTarget(String namespace, String context, String image, String labImage) {

    public KubernetesTarget {
        namespace = namespace == null ? "upgrade-lab" : namespace;
        image = image == null ? "nacos/nacos-server" : image;
    }
}
