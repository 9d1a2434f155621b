package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.backend.KubernetesTarget;
import io.upgradelab.runner.backend.NacosImages;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.dubbo.DubboJvm;
import io.upgradelab.runner.fleet.DemoProviders;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.upgradelab.demo.ControlToken;
import org.upgradelab.demo.LabAddress;

/**
 * What the lab creates in Kubernetes, as pure functions of the target and the load: the namespace, Nacos as a
 * headless Service and a StatefulSet, and the provider fleet, the probe and the demo providers as
 * Deployments of the lab image. The backend creates exactly these ({@link KubernetesCluster} the
 * first three, {@link KubernetesWorkloads} the Deployments, each at the replicas the run needs at
 * that moment) and {@code upgrade-lab render k8s} writes exactly these (the Deployments at their
 * peak), so what a person reviews is what runs. {@link RunnerManifests} has the runner itself, as a
 * Job, which drives the Deployments' pods through their control ports.
 *
 * <p>Every resource carries {@code app.kubernetes.io/managed-by=upgrade-lab}, so what a run left
 * behind is found with one label selector, and the other recommended labels ({@link LabLabels}); every
 * pod its security context ({@link PodSecurity}) and every container its requests and limits
 * ({@link PodResources}).
 */
public final class ClusterManifests {

    /** The StatefulSet, its headless Service and its container: {@code nacos}. */
    public static final String NACOS = "nacos";
    /** The {@code app.kubernetes.io/component} of each kind of resource (the runner's: {@link RunnerManifests#COMPONENT}). */
    public static final String NAMESPACE_COMPONENT = "namespace";
    public static final String NACOS_COMPONENT = "nacos";
    public static final String FLEET_COMPONENT = "fleet";
    public static final String PROBE_COMPONENT = "probe";
    public static final String DEMO_COMPONENT = "demo-provider";
    /** The label the StatefulSet controller puts on each pod: how a fault selects exactly one node. */
    public static final String POD_NAME_LABEL = "statefulset.kubernetes.io/pod-name";
    /** Kubernetes' default cluster domain: node addresses are {@code nacos-0.nacos.<namespace>.svc.cluster.local}. */
    public static final String CLUSTER_DOMAIN = "cluster.local";
    public static final int HTTP_PORT = 8848;
    /** A 1.x node shuts down in 15-27 s on SIGTERM: a graceful stop must not be cut short. */
    static final long TERMINATION_GRACE_SECONDS = 60;
    /** Where a demo provider serves Dubbo: Dubbo's default port, the first the local engine tries. */
    public static final int DEMO_PORT = 20880;
    /** Where the fleet's control channel listens in its pod: the runner scales it there. */
    public static final int FLEET_CONTROL_PORT = 7070;
    /** Where the probe's control channel listens in its pod: the runner reads its outcomes there. */
    public static final int PROBE_CONTROL_PORT = 7071;
    /**
     * The label of the pods that serve a control port (the fleet's, the probe's): what
     * {@link RunnerManifests#controlPolicy} selects. On the pods only, not in a Deployment's selector.
     */
    public static final String CONTROL_LABEL = LabLabels.LAB + "/control-port";
    /** The probe's Deployment. */
    public static final String PROBE = LabLabels.LAB + "-probe";
    /** The working directory of the lab image, where {@code serve} keeps what its process writes. */
    public static final String SERVE_DIR = "/var/lib/upgrade-lab";
    /** How long the probe calls before it ends by itself: a bound well past any experiment. */
    static final String PROBE_DURATION = "24h";
    /** The heap of the JVM that runs {@code upgrade-lab serve}: it only starts and waits for the served one. */
    static final String SERVE_HEAP = "96m";

    private ClusterManifests() {
    }

    /** The pod of node {@code node} (numbered from 1): {@code nacos-0} is node 1. */
    public static String podName(int node) {
        return NACOS + "-" + (node - 1);
    }

    /** The node's HTTP address as its peers and clients in the cluster reach it. */
    public static String address(String namespace, int node) {
        return podName(node) + "." + NACOS + "." + namespace + ".svc." + CLUSTER_DOMAIN + ":" + HTTP_PORT;
    }

    /** The image node versions run: {@code <target.kubernetes.image>:v<version>}. */
    public static String nacosImage(Target target, String version) {
        return NacosImages.of(target.kubernetes().image(), version);
    }

    /**
     * The labels that select resource {@code name} ({@link LabLabels#selector}: {@code app.kubernetes.io/name}
     * and {@code managed-by}): what every selector of the lab and every lookup of the backend uses, and
     * never a label whose value changes ({@link LabLabels}).
     */
    public static Map<String, String> labels(String name) {
        return LabLabels.selector(name);
    }

    /** The labels of the Nacos pods and their StatefulSet: the lab's, with the Nacos {@code version} they run. */
    public static Map<String, String> nacosLabels(Target target, String version) {
        return LabLabels.of(target, NACOS, NACOS_COMPONENT, version);
    }

    /** The namespace, created only when it does not exist yet (and then deleted again at the end). */
    public static Namespace namespace(Target target) {
        return new NamespaceBuilder().withNewMetadata().withName(target.kubernetes().namespace())
                .withLabels(LabLabels.lab(target, target.kubernetes().namespace(), NAMESPACE_COMPONENT)).endMetadata()
                .build();
    }

    /**
     * The headless Service that gives each pod its DNS name. It lists pods before they are ready
     * ({@code publishNotReadyAddresses}): the nodes of a cluster must find each other to become
     * ready at all. The gRPC ports are there on 1.x too: the same Service serves the cluster after
     * its rolling upgrade to 2.x. It runs nothing, so its {@code version} is the lab's, whose code shaped it:
     * the nodes' versions are on their pods.
     */
    public static Service service(Target target) {
        return new ServiceBuilder()
                .withMetadata(meta(target, NACOS, LabLabels.lab(target, NACOS, NACOS_COMPONENT)))
                .withNewSpec()
                .withClusterIP("None")
                .withPublishNotReadyAddresses(true)
                .withSelector(labels(NACOS))
                .addNewPort().withName("http").withPort(HTTP_PORT).endPort()
                .addNewPort().withName("client-rpc").withPort(HTTP_PORT + 1000).endPort()
                .addNewPort().withName("raft-rpc").withPort(HTTP_PORT + 1001).endPort()
                .addNewPort().withName("old-raft-rpc").withPort(HTTP_PORT - 1000).endPort()
                .endSpec()
                .build();
    }

    /**
     * Nacos as a StatefulSet of {@code target.nodes} pods on the official image of
     * {@code target.version}, embedded storage on a volume per pod.
     *
     * <p>Its update strategy is {@code OnDelete}: changing the template's image restarts nothing by
     * itself; the lab deletes the pod of the node it upgrades, and the controller recreates that
     * pod alone on the new image. So the lab chooses the order (node 1 first, as on every backend)
     * and waits between nodes for the cluster to agree again, which a {@code RollingUpdate} (highest
     * ordinal first, pacing by readiness only) would not let it do. The price: a pod deleted for
     * another reason during the upgrade (a kill fault, an eviction) also comes back on the new
     * image; node versions are therefore always read from the pods, never assumed.
     *
     * <p>The pods start together ({@code Parallel}): a Nacos cluster node becomes ready only once a
     * majority has formed, so starting them one ready pod after another would never finish. There
     * is no liveness probe: a paused or overloaded node is what the lab measures, and a restart by
     * the kubelet would hide it. Memory is requested (heap plus 512 MiB for the rest of the JVM) and
     * limited well above ({@link PodResources#nacos}), so an overloaded node is slow rather than OOM-killed.
     *
     * <p>Its pods carry {@code app.kubernetes.io/version} of the Nacos version they run, which
     * {@code upgradeNode} changes in the template with the image; the selector has only
     * {@link #labels}, which never change (a StatefulSet's selector cannot). The data volumes carry the
     * labels without {@code version}: a volume template cannot change either, and a node's data outlives
     * the version that wrote it. The security context is what the official image allows
     * ({@link PodSecurity}: root, a writable root file system).
     */
    public static StatefulSet statefulSet(Target target) {
        KubernetesTarget k8s = target.kubernetes();
        boolean cluster = target.nodes() > 1;
        String servers = IntStream.rangeClosed(1, target.nodes())
                .mapToObj(n -> address(k8s.namespace(), n)).collect(Collectors.joining(" "));
        List<EnvVar> env = new ArrayList<>();
        env.add(env("MODE", cluster ? "cluster" : "standalone"));
        if (cluster) {
            env.add(env("NACOS_SERVERS", servers));
        }
        env.add(env("PREFER_HOST_MODE", "hostname"));
        env.add(env("EMBEDDED_STORAGE", "embedded"));
        env.add(env("NACOS_SERVER_PORT", String.valueOf(HTTP_PORT)));
        env.add(env("JVM_XMS", target.serverHeap()));
        env.add(env("JVM_XMX", target.serverHeap()));
        env.add(env("JVM_XMN", Math.max(1, HeapSizes.bytes(target.serverHeap()) / 2 >> 20) + "m"));   // the young generation: half the heap
        Container nacos = new ContainerBuilder()
                .withName(NACOS)
                .withImage(nacosImage(target, target.version()))
                .withEnv(env)
                .addNewPort().withName("http").withContainerPort(HTTP_PORT).endPort()
                .addNewPort().withName("client-rpc").withContainerPort(HTTP_PORT + 1000).endPort()
                .addNewPort().withName("raft-rpc").withContainerPort(HTTP_PORT + 1001).endPort()
                .addNewPort().withName("old-raft-rpc").withContainerPort(HTTP_PORT - 1000).endPort()
                .withNewReadinessProbe()
                .withNewHttpGet().withPath("/nacos/v1/console/health/readiness").withNewPort(HTTP_PORT).endHttpGet()
                .withInitialDelaySeconds(10).withPeriodSeconds(5).withTimeoutSeconds(3).withFailureThreshold(3)
                .endReadinessProbe()
                .withResources(PodResources.nacos(target))
                .withSecurityContext(PodSecurity.container(false))   // the start script writes conf/cluster.conf in the image
                .addNewVolumeMount().withName("data").withMountPath("/home/nacos/data").endVolumeMount()
                .build();
        Map<String, String> volumeLabels = nacosLabels(target, target.version());
        volumeLabels.remove(LabLabels.VERSION);
        return new StatefulSetBuilder()
                .withMetadata(meta(target, NACOS, nacosLabels(target, target.version())))
                .withNewSpec()
                .withServiceName(NACOS)
                .withReplicas(target.nodes())
                .withPodManagementPolicy("Parallel")
                .withNewUpdateStrategy().withType("OnDelete").endUpdateStrategy()
                .withNewSelector().withMatchLabels(labels(NACOS)).endSelector()
                .withNewPersistentVolumeClaimRetentionPolicy().withWhenDeleted("Delete").withWhenScaled("Retain")
                .endPersistentVolumeClaimRetentionPolicy()
                .withNewTemplate()
                .withNewMetadata().withLabels(nacosLabels(target, target.version())).endMetadata()
                .withNewSpec()
                .withTerminationGracePeriodSeconds(TERMINATION_GRACE_SECONDS)
                .withSecurityContext(PodSecurity.nacosPod())
                .withContainers(nacos)
                .endSpec()
                .endTemplate()
                .withVolumeClaimTemplates(new PersistentVolumeClaimBuilder()
                        .withNewMetadata().withName("data").withLabels(volumeLabels).endMetadata()
                        .withNewSpec().withAccessModes("ReadWriteOnce")
                        .withNewResources().addToRequests("storage", new Quantity(k8s.dataVolume())).endResources()
                        .endSpec()
                        .build())
                .endSpec()
                .build();
    }

    /**
     * {@code upgrade-lab-fleet-2-3-2}: the Deployment of one client version's fleet. Dashes, not dots:
     * its pods' names become their host names, which take no dots.
     */
    public static String fleetName(String clientVersion) {
        return LabLabels.LAB + "-fleet-" + clientVersion.replace('.', '-');
    }

    /**
     * One client version's share of the provider fleet: a pod per Nacos client, each holding
     * {@code perClient} providers. Its replicas are what {@code peak} providers on this version
     * need; the lab ramps by replicas and upgrades clients by moving replicas from one version's
     * Deployment to the other's. Empty when {@code peak} is 0.
     */
    public static List<Deployment> fleet(Target target, String clientVersion, int peak, int perClient, int services,
                                         String heap) {
        if (peak == 0) {
            return List.of();
        }
        Deployment fleet = fleetAt(target, clientVersion, (peak + perClient - 1) / perClient, perClient, services, heap);
        fleet.getMetadata().getAnnotations().put("upgrade-lab/peak-providers", String.valueOf(peak));
        return List.of(fleet);
    }

    /**
     * One client version's fleet at {@code replicas} pods, as the runner creates it (0 to start with) and
     * then scales it. Each pod is Ready once its control channel listens, and stays so through a busy
     * moment (5 s to answer, 6 misses): the runner counts the Ready pods' providers, and a loaded fleet
     * is what the lab measures, not a pod to take out. A TCP check, not {@code GET /state}: the
     * channel answers the run's control token alone ({@link #controlTokenVariable}), which a kubelet's
     * probe cannot carry.
     */
    public static Deployment fleetAt(Target target, String clientVersion, int replicas, int perClient, int services,
                                     String heap) {
        String name = fleetName(clientVersion);
        Map<String, String> labels = LabLabels.lab(target, name, FLEET_COMPONENT);
        return new DeploymentBuilder()
                .withMetadata(new ObjectMetaBuilder(meta(target, name, labels))
                        .withAnnotations(new LinkedHashMap<>()).build())
                .withNewSpec()
                .withReplicas(replicas)
                .withNewSelector().withMatchLabels(labels(name)).endSelector()
                .withNewTemplate()
                .withNewMetadata().withLabels(controlled(labels)).endMetadata()
                .withNewSpec()
                .withSecurityContext(PodSecurity.labPod())
                .withVolumes(PodSecurity.labVolumes())
                .addToContainers(new ContainerBuilder(served("fleet", target, PodResources.served(heap, "250m", "1"),
                        List.of("serve", "fleet", "--heap", heap,
                        "--", "--servers", servers(target), "--services", String.valueOf(services),
                        "--providers-per-client", String.valueOf(perClient),
                        "--control-port", String.valueOf(FLEET_CONTROL_PORT))))
                        .addToEnv(controlTokenVariable())
                        .addNewPort().withName("control").withContainerPort(FLEET_CONTROL_PORT).endPort()
                        .withNewReadinessProbe().withNewTcpSocket().withNewPort(FLEET_CONTROL_PORT).endTcpSocket()
                        .withPeriodSeconds(2).withTimeoutSeconds(5).withFailureThreshold(6)
                        .endReadinessProbe()
                        .build())
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /**
     * The probe: one pod calling the demo service at {@code rate} per second through nacos-client
     * {@code clientVersion}, each call timing out after {@code timeout}. It lingers once it has ended
     * ({@code --linger}), so the runner reads its summary over the control port; Ready once that port
     * listens (a TCP check: the port answers the run's control token alone, as the fleet's does).
     */
    public static Deployment probe(Target target, String clientVersion, double rate, Duration timeout) {
        Map<String, String> labels = LabLabels.lab(target, PROBE, PROBE_COMPONENT);
        return new DeploymentBuilder()
                .withMetadata(meta(target, PROBE, labels))
                .withNewSpec()
                .withReplicas(1)
                .withNewSelector().withMatchLabels(labels(PROBE)).endSelector()
                .withNewTemplate()
                .withNewMetadata().withLabels(controlled(labels)).endMetadata()
                .withNewSpec()
                .withSecurityContext(PodSecurity.labPod())
                .withVolumes(PodSecurity.labVolumes())
                .addToContainers(new ContainerBuilder(served("probe", target,
                        PodResources.served(DubboJvm.HEAP, "250m", "1"), List.of("serve", "probe",
                        "--client", clientVersion, "--", "--registry", servers(target), "--rate", number(rate),
                        "--timeout", timeout.toMillis() + "ms", "--duration", PROBE_DURATION,
                        "--out", SERVE_DIR + "/probe-out", "--control-port", String.valueOf(PROBE_CONTROL_PORT),
                        "--linger")))
                        .addToEnv(controlTokenVariable())
                        .addNewPort().withName("control").withContainerPort(PROBE_CONTROL_PORT).endPort()
                        .withNewReadinessProbe().withNewTcpSocket().withNewPort(PROBE_CONTROL_PORT).endTcpSocket()
                        .withPeriodSeconds(2).endReadinessProbe()
                        .build())
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /**
     * {@code upgrade-lab-demo-2-3-2}: the Deployment of the demo providers on one client version.
     * Dashes, not dots, as in {@link #fleetName}.
     */
    public static String demoName(String clientVersion) {
        return LabLabels.LAB + "-demo-" + clientVersion.replace('.', '-');
    }

    /**
     * The real Dubbo demo providers the probe calls, on nacos-client {@code clientVersion}: a pod
     * per provider ({@code count} of them, {@code probe.demoProviders}), as the local engine starts
     * one process per provider ({@code fleet/DemoProviders}). Split by client version as the fleet
     * is: the providers start on the fleet's client version and a rollingClientUpgrade restarts all
     * of them on its {@code to}, so each version the experiment gives them holds all
     * {@code count} at its peak, and the upgrade moves replicas from one version's Deployment
     * to the next's, batch by batch, as it restarts them. A pod is Ready once its Dubbo port
     * listens, i.e. once it has exported the service.
     *
     * <p>Unlike the fleet's virtual providers, these are dialled: the probe calls them where they
     * registered. So each serves on {@link #DEMO_PORT} and registers its pod's IP
     * ({@code UPGRADE_LAB_ADDRESS} from {@code status.podIP}, which the demo providers read through
     * {@code LabAddress}); a pod's IP is off loopback, so whether it may register and dial there is
     * the experiment's own opt-in, {@code target.allowRemote}, passed on as the engine passes it to
     * its child processes. The heap is the one {@code DubboJvm} gives a demo provider.
     */
    public static Deployment demoProviders(Target target, String clientVersion, int count) {
        String name = demoName(clientVersion);
        Map<String, String> labels = LabLabels.lab(target, name, DEMO_COMPONENT);
        return new DeploymentBuilder()
                .withMetadata(meta(target, name, labels))
                .withNewSpec()
                .withReplicas(count)
                .withNewSelector().withMatchLabels(labels(name)).endSelector()
                .withNewTemplate()
                .withNewMetadata().withLabels(labels).endMetadata()
                .withNewSpec()
                .withSecurityContext(PodSecurity.labPod())
                .withVolumes(PodSecurity.labVolumes())
                .addToContainers(new ContainerBuilder(served("demo-provider", target,
                        PodResources.served(DubboJvm.HEAP, "100m", "500m"), List.of("serve", "demo-provider",
                        "--client", clientVersion, "--servers", servers(target), "--port", String.valueOf(DEMO_PORT),
                        "--application", DemoProviders.APPLICATION)))
                        .addNewPort().withName("dubbo").withContainerPort(DEMO_PORT).endPort()
                        .withNewReadinessProbe().withNewTcpSocket().withNewPort(DEMO_PORT).endTcpSocket()
                        .withPeriodSeconds(2).endReadinessProbe()
                        .build())
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    /** {@code target.kubernetes.labImage}, or {@code upgrade-lab:<this build's version>}. */
    public static String labImage(Target target) {
        String image = target.kubernetes().labImage();
        return image != null ? image : LabLabels.LAB + ":" + LabLabels.labVersion();
    }

    /** The Nacos nodes as the fleet and the probe reach them, comma-separated. */
    static String servers(Target target) {
        return IntStream.rangeClosed(1, target.nodes())
                .mapToObj(n -> address(target.kubernetes().namespace(), n)).collect(Collectors.joining(","));
    }

    /**
     * A container of the lab image running {@code upgrade-lab serve ...} ({@code args}): the image's
     * entrypoint is the upgrade-lab command. Its own address is its pod's IP, which its providers
     * register and its control channel listens on; a pod's IP is off loopback, so whether it may
     * register and dial there is the experiment's own opt-in, {@code target.allowRemote}, passed on
     * as the engine passes it to its child processes. The served JVM gets its heap on its own command
     * line; {@code JAVA_TOOL_OPTIONS} keeps the small serving JVM in front of it small. It runs as the
     * image's non-root user on a read-only root file system, writing to {@code /tmp} and its working
     * directory, both emptyDir volumes of its pod ({@link PodSecurity}).
     */
    private static Container served(String name, Target target, ResourceRequirements resources, List<String> args) {
        return new ContainerBuilder()
                .withName(name)
                .withImage(labImage(target))
                .withArgs(args)
                .withResources(resources)
                .withSecurityContext(PodSecurity.container(true))
                .withVolumeMounts(PodSecurity.labMounts())
                .withEnv(new EnvVarBuilder().withName(LabAddress.ADDRESS_VARIABLE).withNewValueFrom()
                                .withNewFieldRef().withFieldPath("status.podIP").endFieldRef().endValueFrom().build(),
                        env(LabAddress.ALLOW_REMOTE_VARIABLE, String.valueOf(target.allowRemote())),
                        env("JAVA_TOOL_OPTIONS", "-Xmx" + SERVE_HEAP))
                .build();
    }

    /**
     * {@code UPGRADE_LAB_CONTROL_TOKEN} from the Secret {@link RunnerManifests#CONTROL_SECRET}: the run's
     * control token, as the fleet's and the probe's pods and the runner Job's get it. Never a value in
     * a manifest: a Deployment, a Job or a ConfigMap is readable by whoever may read the namespace's
     * workloads, a Secret only by whom RBAC lets.
     */
    public static EnvVar controlTokenVariable() {
        return new EnvVarBuilder().withName(ControlToken.VARIABLE).withNewValueFrom().withNewSecretKeyRef()
                .withName(RunnerManifests.CONTROL_SECRET).withKey(RunnerManifests.CONTROL_SECRET_KEY).endSecretKeyRef()
                .endValueFrom().build();
    }

    /** {@code labels} and {@link #CONTROL_LABEL}: a pod's labels when it serves a control port. */
    private static Map<String, String> controlled(Map<String, String> labels) {
        Map<String, String> pod = new LinkedHashMap<>(labels);
        pod.put(CONTROL_LABEL, "true");
        return pod;
    }

    static ObjectMeta meta(Target target, String name, Map<String, String> labels) {
        return new ObjectMetaBuilder().withName(name).withNamespace(target.kubernetes().namespace())
                .withLabels(labels).build();
    }

    static EnvVar env(String name, String value) {
        return new EnvVarBuilder().withName(name).withValue(value).build();
    }

    static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
