package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * Nacos as a StatefulSet in a Kubernetes namespace, faults through Chaos Mesh:
 * {@code target.backend: kubernetes}.
 *
 * @param namespace    where everything is created (default {@code upgrade-lab}); created, and deleted again at
 *                     the end, when it does not exist yet
 * @param context      the kubeconfig context to use; null for the current one
 * @param image        the Nacos server image without its tag (default {@code nacos/nacos-server}); the tag is {@code v<version>}
 * @param labImage     the image holding upgrade-lab, run as the provider fleet, the probe, the demo providers and the
 *                     runner Job (default {@code upgrade-lab:<project version>})
 * @param dataVolume   the size of each node's data volume, a Kubernetes quantity (default {@code 1Gi}): the
 *                     upgraded node starts on the data its predecessor wrote, as in a real upgrade
 * @param startTimeout how long the pods may take to be Ready (image pulls included), at the start and after
 *                     each upgrade step, kill or pause (default 10m)
 * @param podMonitor   whether {@code render k8s} also writes a Prometheus Operator PodMonitor scraping the
 *                     runner Job's metrics port (default false: a cluster without the operator has no such
 *                     kind, and {@code kubectl apply} would fail on it)
 * @param instance     {@code app.kubernetes.io/instance} of every resource: the experiment's name, set by
 *                     {@link Target#forExperiment}, not by the file (null: the namespace)
 */
@JsonClassDescription("Nacos as a StatefulSet, the fleet and the probe as Deployments, faults as Chaos Mesh"
        + " resources.")
public record KubernetesTarget(
        @SchemaRef("kubernetesName")
        @JsonPropertyDescription("Where everything is created. Default upgrade-lab.")
        String namespace,
        @SchemaRef("text")
        @JsonPropertyDescription("The kubeconfig context. Default: the current one.")
        String context,
        @SchemaRef("text")
        @JsonPropertyDescription("The Nacos server image without its tag; the tag is v<version>. Default"
                + " nacos/nacos-server.")
        String image,
        @SchemaRef("text")
        @JsonPropertyDescription("The image with upgrade-lab, run as the provider fleet and the probe. Default"
                + " upgrade-lab:<version of upgrade-lab>.")
        String labImage,
        @SchemaRef("quantity")
        @JsonPropertyDescription("The size of each node's data volume (a PersistentVolumeClaim of the cluster's"
                + " default storage class), as Kubernetes writes quantities, e.g. 1Gi. An upgraded node starts on the"
                + " data its predecessor wrote. Default 1Gi.")
        String dataVolume,
        @JsonPropertyDescription("How long the pods may take to be Ready (image pulls included), at the start and"
                + " after each upgrade step, kill or pause. Default 10m.")
        Duration startTimeout,
        @JsonPropertyDescription("Whether render k8s also writes a Prometheus Operator PodMonitor"
                + " (monitoring.coreos.com/v1) selecting the runner Job's pod and scraping its port named metrics."
                + " Needs metrics.address: pod (the port exists only then) and the operator's CRDs in the cluster."
                + " Default false.")
        Boolean podMonitor,
        @JsonIgnore
        String instance) {

    public KubernetesTarget {
        podMonitor = podMonitor != null && podMonitor;
        namespace = namespace == null ? "upgrade-lab" : namespace;
        image = image == null ? "nacos/nacos-server" : image;
        dataVolume = dataVolume == null ? "1Gi" : dataVolume;
        startTimeout = startTimeout == null ? Duration.ofMinutes(10) : startTimeout;
    }

    /** The section as a file that leaves it out has it: every setting at its default. */
    public static KubernetesTarget defaults() {
        return new KubernetesTarget(null, null, null, null, null, null, null, null);
    }

    /** These settings, their resources labelled {@code app.kubernetes.io/instance=<instance>}. */
    public KubernetesTarget withInstance(String instance) {
        return new KubernetesTarget(namespace, context, image, labImage, dataVolume, startTimeout, podMonitor, instance);
    }
}
