package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.upgradelab.runner.backend.Target;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.upgradelab.demo.ControlToken;
import org.upgradelab.demo.LabAddress;

/**
 * The runner itself in the cluster, as pure functions of the target and the experiment: a Job
 * running {@code upgrade-lab run} on the lab image, the experiment file in a ConfigMap, a volume
 * for the run directory, and the ServiceAccount, Role and RoleBinding that let the runner do to
 * the API what {@link KubernetesCluster} does, and nothing more; and the run's control token in a
 * Secret, with the NetworkPolicies that let only the runner reach the control ports and only the
 * lab's pods reach Nacos.
 *
 * <p>Each carries, besides the lab's labels, {@code app.kubernetes.io/component=runner}, so a person
 * applies them apart from the cluster's resources ({@code kubectl apply -f DIR -l
 * app.kubernetes.io/component=runner}): the runner creates the Service and the StatefulSet itself
 * and refuses to start when a StatefulSet {@code nacos} is already there.
 *
 * <p>The Job runs the engine: the Nacos cluster through the kubernetes backend, the fleet, the probe
 * and the demo providers as Deployments beside it, driven through their pods' control ports.
 */
public final class RunnerManifests {

    /** The ServiceAccount, the Role, the RoleBinding and the Job: {@code upgrade-lab-runner}. */
    public static final String RUNNER = LabLabels.LAB + "-runner";
    /** The ConfigMap holding the experiment file. */
    public static final String EXPERIMENT = LabLabels.LAB + "-experiment";
    /** The volume of the run directories. */
    public static final String RUNS = LabLabels.LAB + "-runs";
    /** The Secret holding the run's control token, and the NetworkPolicy of the control ports. */
    public static final String CONTROL_SECRET = LabLabels.LAB + "-control";
    /** The key of the token in {@link #CONTROL_SECRET}. */
    public static final String CONTROL_SECRET_KEY = "token";
    /** The NetworkPolicy of the control ports: {@code upgrade-lab-control}, as the Secret. */
    public static final String CONTROL_POLICY = CONTROL_SECRET;
    /** The NetworkPolicy of the Nacos pods. */
    public static final String NACOS_POLICY = LabLabels.LAB + "-nacos";
    public static final String COMPONENT = "runner";
    /** Where the Job's container finds the experiment file (the ConfigMap, read-only). */
    public static final String EXPERIMENT_DIR = "/etc/upgrade-lab/experiment";
    /** Where the Job's container writes its run directories (the volume {@link #RUNS}). */
    public static final String RUNS_DIR = "/var/lib/upgrade-lab/runs";
    /** The pod's own name, in the environment: the run directory's name, so no run finds an earlier one's journal. */
    public static final String POD_VARIABLE = "UPGRADE_LAB_POD";
    /** The margin the Job's deadline adds to twice the planned duration. */
    static final Duration DEADLINE_MARGIN = Duration.ofMinutes(30);
    /**
     * How long the runner has after SIGTERM (its deadline, a {@code kubectl delete}): its tear-down
     * deletes the faults still in place (each awaited up to 2 min), deregisters the fleet and waits
     * for the StatefulSet's pods to go (up to 3 min), which the default 30 s would cut short and
     * leave behind.
     */
    static final long GRACE_SECONDS = 600;
    /** The run directories' volume: journals, and the fleet's, probe's and demo providers' logs, of every run. */
    static final String RUNS_VOLUME = "5Gi";

    private RunnerManifests() {
    }

    /** The lab's labels of resource {@code name} ({@link LabLabels#lab}), {@code app.kubernetes.io/component=runner}. */
    public static Map<String, String> labels(Target target, String name) {
        return LabLabels.lab(target, name, COMPONENT);
    }

    /**
     * What selects the runner's resource {@code name}: {@link ClusterManifests#labels} and
     * {@code app.kubernetes.io/component=runner}, labels that never change.
     */
    public static Map<String, String> selector(String name) {
        Map<String, String> labels = ClusterManifests.labels(name);
        labels.put(LabLabels.COMPONENT, COMPONENT);
        return labels;
    }

    /**
     * The ConfigMap key, and so the file name in {@link #EXPERIMENT_DIR}, of the experiment file
     * {@code file}: its name, with what a ConfigMap key does not take turned into {@code -}.
     */
    public static String experimentKey(String file) {
        String name = file.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1).replaceAll("[^-._a-zA-Z0-9]", "-");
        return name.isEmpty() || name.equals(".") || name.equals("..") ? "experiment.yaml" : name;
    }

    /**
     * The experiment file's text, as it was rendered, under {@link #experimentKey}: the Job runs
     * this file, not one baked into the image, so the run is the experiment reviewed.
     */
    public static ConfigMap experiment(Target target, String key, String text) {
        return new ConfigMapBuilder()
                .withMetadata(meta(target, EXPERIMENT))
                .addToData(key, text)
                .build();
    }

    /**
     * The run's control token ({@link ControlToken#generate()}, made by each render) under
     * {@link #CONTROL_SECRET_KEY}: what the runner Job's pod and the fleet's and the probe's pods read
     * into {@link ControlToken#VARIABLE} ({@link ClusterManifests#controlTokenVariable}), and so the
     * one place on Kubernetes the token is written. Applied with the runner's resources: a person
     * renders (and so makes a token) per run.
     */
    public static Secret controlSecret(Target target, ControlToken token) {
        return new SecretBuilder()
                .withMetadata(meta(target, CONTROL_SECRET))
                .withType("Opaque")
                .addToStringData(CONTROL_SECRET_KEY, token.value())
                .build();
    }

    /**
     * Who reaches the control ports: the pods that serve one ({@link ClusterManifests#CONTROL_LABEL}:
     * the fleet's and the probe's) take TCP on {@link ClusterManifests#FLEET_CONTROL_PORT} and
     * {@link ClusterManifests#PROBE_CONTROL_PORT} from the runner Job's pod alone (its {@link #selector}:
     * name, managed-by and component), and nothing else over TCP. Besides, UDP from the Nacos pods: a 1.x client (the probe's or a
     * fleet pod's nacos-client 1.4.1) hears of a changed service in a UDP push from the server, on a
     * port it picks, and without it would learn late, and the lab would measure that instead. The
     * kubelet's readiness checks come from the pod's node, which a NetworkPolicy does not filter.
     */
    public static NetworkPolicy controlPolicy(Target target) {
        return new NetworkPolicyBuilder()
                .withMetadata(meta(target, CONTROL_POLICY))
                .withNewSpec()
                .withNewPodSelector().addToMatchLabels(ClusterManifests.CONTROL_LABEL, "true").endPodSelector()
                .withPolicyTypes("Ingress")
                .addNewIngress()
                .addNewFrom().withNewPodSelector().withMatchLabels(selector(RUNNER)).endPodSelector().endFrom()
                .addNewPort().withProtocol("TCP").withPort(new IntOrString(ClusterManifests.FLEET_CONTROL_PORT)).endPort()
                .addNewPort().withProtocol("TCP").withPort(new IntOrString(ClusterManifests.PROBE_CONTROL_PORT)).endPort()
                .endIngress()
                .addNewIngress()
                .addNewFrom().withNewPodSelector().withMatchLabels(ClusterManifests.labels(ClusterManifests.NACOS))
                .endPodSelector().endFrom()
                .addNewPort().withProtocol("UDP").endPort()
                .endIngress()
                .endSpec()
                .build();
    }

    /**
     * Who reaches Nacos: the lab's pods in the namespace alone ({@code app.kubernetes.io/managed-by:
     * upgrade-lab}): the other nodes, the fleet, the probe, the demo providers, and the runner Job's
     * pod, which carries the label too. Every port: the nodes' HTTP, gRPC and Raft ports are all
     * the lab's.
     */
    public static NetworkPolicy nacosPolicy(Target target) {
        return new NetworkPolicyBuilder()
                .withMetadata(meta(target, NACOS_POLICY))
                .withNewSpec()
                .withNewPodSelector().withMatchLabels(ClusterManifests.labels(ClusterManifests.NACOS)).endPodSelector()
                .withPolicyTypes("Ingress")
                .addNewIngress()
                .addNewFrom().withNewPodSelector().addToMatchLabels(LabLabels.MANAGED_BY, LabLabels.LAB)
                .endPodSelector().endFrom()
                .endIngress()
                .endSpec()
                .build();
    }

    /** Whom the Role is granted to: the Job's pod runs as it, and the fabric8 client finds its token there. */
    public static ServiceAccount serviceAccount(Target target) {
        return new ServiceAccountBuilder().withMetadata(meta(target, RUNNER)).build();
    }

    /**
     * What the runner does to the API, and nothing more: {@link #rules(String)}, in the
     * experiment's namespace. Which call of {@link KubernetesCluster} needs each rule (fabric8
     * 6.9's requests):
     * <ul>
     *   <li>namespaces {@code get}, this namespace only: {@code create()} asks whether the namespace
     *       exists ({@code client.namespaces().withName(namespace).get()}). It does (the Job runs
     *       in it), so the runner neither creates nor deletes it, and needs no {@code create} or
     *       {@code delete}, which a Role could not grant anyway.</li>
     *   <li>services {@code create}, {@code delete}: the headless Service, created by
     *       {@code create()}, deleted by {@code close()}.</li>
     *   <li>pods {@code get}, {@code list}, {@code delete}, {@code patch}: {@code pod(n).get()} in every wait and
     *       in {@code nodes()}, and the probe's pod, whether it still runs; {@code list} by label in
     *       {@code awaitPodsGone()} and for the load's pods ({@link LabDeployment}); {@code delete} in
     *       {@code upgradeNode} and a graceful {@code stopNode}; {@code patch} marks the fleet pods a
     *       shrink or a client batch emptied as the ones to remove first (the pod-deletion-cost
     *       annotation, a merge patch).</li>
     *   <li>persistentvolumeclaims {@code deletecollection}: {@code close()} deletes the data volumes
     *       by label ({@code persistentVolumeClaims().withLabels(..).delete()}), which fabric8 sends
     *       as one DELETE on the collection with a label selector.</li>
     *   <li>apps statefulsets {@code get}, {@code create}, {@code patch}, {@code delete}:
     *       {@code create()} checks there is none, then creates it; {@code nodes()} reads its
     *       image; {@code upgradeNode} sets the image through {@code edit}, which fabric8 does as a
     *       GET and a JSON PATCH; {@code close()} deletes it.</li>
     *   <li>apps deployments {@code get}, {@code create}, {@code patch}, {@code delete}: the fleet's,
     *       the probe's and the demo providers' Deployments ({@link KubernetesWorkloads}): created,
     *       read for their readyReplicas, scaled by a merge patch of their replicas, deleted at the end.</li>
     *   <li>chaos-mesh.org podchaos, networkchaos {@code create}, {@code get}, {@code delete}:
     *       {@code apply()} creates a fault, {@code remove()} deletes it and reads it until Chaos
     *       Mesh has let it go.</li>
     *   <li>metrics.k8s.io pods {@code get}: {@code sample()}, a node's CPU and memory
     *       ({@code client.top().pods().metrics(namespace, pod)}, one named pod).</li>
     * </ul>
     * Not there, because no call of a run needs it: watch (every wait reads, {@link Poll}),
     * the scale subresource (replicas are patched), pods/log, services beyond Nacos's (the runner
     * reaches each pod at its own IP), and stresschaos ({@code stressCpu} is not used by any fault phase yet).
     */
    public static Role role(Target target) {
        return new RoleBuilder()
                .withMetadata(meta(target, RUNNER))
                .withRules(rules(target.kubernetes().namespace()))
                .build();
    }

    /** The rules of {@link #role}: one per API group and set of verbs, in the order its javadoc explains them. */
    public static List<PolicyRule> rules(String namespace) {
        return List.of(
                new PolicyRuleBuilder().withApiGroups("").withResources("namespaces").withResourceNames(namespace)
                        .withVerbs("get").build(),
                rule("", List.of("services"), "create", "delete"),
                rule("", List.of("pods"), "get", "list", "delete", "patch"),
                rule("", List.of("persistentvolumeclaims"), "deletecollection"),
                rule("apps", List.of("statefulsets", "deployments"), "get", "create", "patch", "delete"),
                rule("chaos-mesh.org", List.of("podchaos", "networkchaos"), "create", "get", "delete"),
                rule("metrics.k8s.io", List.of("pods"), "get"));
    }

    /** The Role granted to the ServiceAccount, in the namespace only. */
    public static RoleBinding roleBinding(Target target) {
        return new RoleBindingBuilder()
                .withMetadata(meta(target, RUNNER))
                .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("Role").withName(RUNNER)
                .endRoleRef()
                .addNewSubject().withKind("ServiceAccount").withName(RUNNER)
                .withNamespace(target.kubernetes().namespace()).endSubject()
                .build();
    }

    /**
     * The run directories, on a volume that outlives the Job's pod: the journal is read after the
     * run, when the pod's own file system is gone or no longer reachable. Not the lab's data volumes
     * (its labels are not {@code nacos}'s): the runner's clean-up leaves it.
     */
    public static PersistentVolumeClaim runsVolume(Target target) {
        return new PersistentVolumeClaimBuilder()
                .withMetadata(meta(target, RUNS))
                .withNewSpec().withAccessModes("ReadWriteOnce")
                .withNewResources().addToRequests("storage", new Quantity(RUNS_VOLUME)).endResources()
                .endSpec()
                .build();
    }

    /**
     * The Job's deadline ({@code activeDeadlineSeconds}): twice the planned duration plus
     * {@link #DEADLINE_MARGIN}, so a run that hangs stops by itself, and a slow one is not cut short.
     */
    public static long deadlineSeconds(Duration planned) {
        return planned.multipliedBy(2).plus(DEADLINE_MARGIN).toSeconds();
    }

    /** The runner container's port of its live metrics, by name: what a PodMonitor or a scrape config names. */
    public static final String METRICS_PORT_NAME = "metrics";

    /**
     * A Prometheus Operator PodMonitor ({@code monitoring.coreos.com/v1}, {@code kubernetes.podMonitor: true})
     * scraping the runner Job's pod (its {@link #selector}) at its port named {@value #METRICS_PORT_NAME},
     * path {@code /metrics}: for a cluster whose Prometheus is the operator's, which ignores the
     * {@code prometheus.io/*} annotations. A generic resource: the operator's model is not a dependency of
     * the lab, and the runner never creates it (it is applied with the runner's resources).
     */
    public static GenericKubernetesResource podMonitor(Target target) {
        GenericKubernetesResource monitor = new GenericKubernetesResourceBuilder()
                .withApiVersion("monitoring.coreos.com/v1").withKind("PodMonitor")
                .withMetadata(meta(target, RUNNER))
                .build();
        Map<String, Object> endpoint = new LinkedHashMap<>();
        endpoint.put("port", METRICS_PORT_NAME);
        endpoint.put("path", "/metrics");
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("selector", Map.of("matchLabels", selector(RUNNER)));
        spec.put("podMetricsEndpoints", List.of(endpoint));
        monitor.setAdditionalProperty("spec", spec);
        return monitor;
    }

    /**
     * The runner: one pod running {@code upgrade-lab run EXPERIMENT_DIR/key --scale scale --out
     * RUNS_DIR/<pod name>} on the lab image, as the ServiceAccount.
     *
     * <p>Once: {@code backoffLimit: 0} and {@code restartPolicy: Never}, because a second attempt
     * would find the cluster the first one left (the runner refuses to start on a StatefulSet
     * {@code nacos} already there) and a run is not a thing to retry blindly. Bounded:
     * {@link #deadlineSeconds} of the plan, after which Kubernetes stops the pod, with
     * {@link #GRACE_SECONDS} for the runner's own tear-down. {@code --scale} is the scale the render
     * planned with (the file's own, or {@code --scale}, or {@code --fit}'s), so the run is the
     * experiment reviewed. The run directory is named after the pod (an environment variable from
     * the downward API, expanded by Kubernetes in the arguments): {@code run} refuses a directory
     * that holds a journal, and every run gets its own on the shared volume.
     */
    public static Job job(Target target, String key, double scale, Duration planned) {
        return job(target, key, scale, planned, OptionalInt.empty());
    }

    /**
     * {@link #job(Target, String, double, Duration)}, its live metrics served on its pod's address at
     * {@code metricsPort} where given (the experiment's {@code metrics.address: pod}): the pod gets its address
     * ({@code UPGRADE_LAB_ADDRESS} from {@code status.podIP}, where the runner listens), a port named
     * {@value #METRICS_PORT_NAME}, and the {@code prometheus.io/*} annotations an in-cluster Prometheus's pod
     * discovery scrapes by.
     */
    public static Job job(Target target, String key, double scale, Duration planned, OptionalInt metricsPort) {
        Map<String, String> labels = labels(target, RUNNER);
        Map<String, String> annotations = new LinkedHashMap<>();   // in this order, every render alike
        if (metricsPort.isPresent()) {
            annotations.put("prometheus.io/scrape", "true");
            annotations.put("prometheus.io/port", String.valueOf(metricsPort.getAsInt()));
            annotations.put("prometheus.io/path", "/metrics");
        }
        List<ContainerPort> ports = metricsPort.isEmpty() ? List.of() : List.of(new ContainerPortBuilder()
                .withName(METRICS_PORT_NAME).withContainerPort(metricsPort.getAsInt()).withProtocol("TCP").build());
        return new JobBuilder()
                .withMetadata(meta(target, RUNNER))
                .withNewSpec()
                .withBackoffLimit(0)
                .withActiveDeadlineSeconds(deadlineSeconds(planned))
                .withNewTemplate()
                .withNewMetadata().withLabels(labels).withAnnotations(annotations).endMetadata()
                .withNewSpec()
                .withServiceAccountName(RUNNER)
                .withRestartPolicy("Never")
                .withTerminationGracePeriodSeconds(GRACE_SECONDS)
                .withSecurityContext(PodSecurity.labPod())
                .addNewContainer()
                .withName(COMPONENT)
                .withImage(ClusterManifests.labImage(target))
                .withResources(PodResources.runner())
                .withSecurityContext(PodSecurity.container(true))
                // no command: the lab image's entrypoint is the upgrade-lab command itself
                .withArgs("run", EXPERIMENT_DIR + "/" + key, "--scale", ClusterManifests.number(scale),
                        "--out", RUNS_DIR + "/$(" + POD_VARIABLE + ")")
                .withEnv(new EnvVarBuilder().withName(POD_VARIABLE).withNewValueFrom().withNewFieldRef()
                        .withFieldPath("metadata.name").endFieldRef().endValueFrom().build(),
                        new EnvVarBuilder().withName(LabAddress.ADDRESS_VARIABLE).withNewValueFrom().withNewFieldRef()
                                .withFieldPath("status.podIP").endFieldRef().endValueFrom().build(),
                        ClusterManifests.controlTokenVariable(),
                        // its heap a share of its memory limit, the rest for the JVM's own
                        ClusterManifests.env("JAVA_TOOL_OPTIONS", "-XX:MaxRAMPercentage=" + PodResources.RUNNER_HEAP_PERCENT))
                .withPorts(ports)
                .addNewVolumeMount().withName("experiment").withMountPath(EXPERIMENT_DIR).withReadOnly(true)
                .endVolumeMount()
                .addAllToVolumeMounts(PodSecurity.labMounts())   // /tmp and the working directory, writable
                .addNewVolumeMount().withName("runs").withMountPath(RUNS_DIR).endVolumeMount()
                .endContainer()
                .addNewVolume().withName("experiment").withNewConfigMap().withName(EXPERIMENT).endConfigMap()
                .endVolume()
                .addNewVolume().withName("runs").withNewPersistentVolumeClaim().withClaimName(RUNS)
                .endPersistentVolumeClaim().endVolume()
                .addAllToVolumes(PodSecurity.labVolumes())
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    private static PolicyRule rule(String group, List<String> resources, String... verbs) {
        return new PolicyRuleBuilder().withApiGroups(group).withResources(resources).withVerbs(verbs).build();
    }

    private static ObjectMeta meta(Target target, String name) {
        return ClusterManifests.meta(target, name, labels(target, name));
    }
}
