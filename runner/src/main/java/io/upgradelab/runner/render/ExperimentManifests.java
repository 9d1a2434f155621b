package io.upgradelab.runner.render;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.backend.kubernetes.ChaosManifests;
import io.upgradelab.runner.backend.kubernetes.ClusterManifests;
import io.upgradelab.runner.backend.kubernetes.LabLabels;
import io.upgradelab.runner.backend.kubernetes.RunnerManifests;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.Timeline;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.fault.FaultPhase;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.RollingClientUpgrade;
import io.upgradelab.runner.phase.RollingServerUpgrade;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.upgradelab.demo.ControlToken;

/**
 * Everything the kubernetes backend would create for one experiment, file by file, for a person to
 * review before a run: the cluster (namespace, Service, StatefulSet), the fleet, the probe and the
 * demo providers, the runner itself as a Job (with its experiment file, run volume and the RBAC it
 * needs; {@link RunnerManifests}), the run's control token in a Secret (a new one each render) and the
 * NetworkPolicies of the control ports and of Nacos, and under {@code faults/} the Chaos Mesh resource of each fault
 * phase, so that applying the folder never injects a fault by accident. What a phase changes
 * without a resource of its own (an image, a pod deleted) is said in {@link #notes()}.
 */
public final class ExperimentManifests {

    /** The faults' subdirectory. */
    public static final String FAULTS = "faults";
    /** The Secret's file, after its number: {@code NN-control-secret.yaml}, the one file that holds a secret. */
    public static final String CONTROL_SECRET_FILE = "control-secret.yaml";

    /**
     * One file to write.
     *
     * @param path      relative to the output directory, e.g. {@code 02-nacos-statefulset.yaml}
     * @param about     what it is and when the backend creates it, written as the file's leading comment
     * @param resource  its one document
     */
    public record File(String path, String about, HasMetadata resource) {
    }

    private final List<File> files = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private ExperimentManifests() {
    }

    /**
     * The files and notes of {@code valid}, as its {@code target} section says (whatever its backend);
     * {@code text} is the experiment file's own text, which the runner's ConfigMap holds.
     */
    public static ExperimentManifests of(ValidatedExperiment valid, String text) {
        ExperimentManifests m = new ExperimentManifests();
        Experiment experiment = valid.experiment();
        Target target = experiment.target();
        m.add("namespace.yaml", "The namespace; the backend creates it only when missing, and then deletes it at the end.",
                ClusterManifests.namespace(target));
        m.add("nacos-service.yaml", "The headless Service that gives each Nacos pod its DNS name.",
                ClusterManifests.service(target));
        m.add("nacos-statefulset.yaml", target.nodes() + " Nacos " + target.version()
                        + " nodes; their image changes only through a rollingServerUpgrade phase.",
                ClusterManifests.statefulSet(target));
        for (String client : clientVersions(valid.timeline())) {
            int peak = peakProviders(valid.timeline(), client);
            ClusterManifests.fleet(target, client, peak, experiment.fleet().providersPerClient(),
                    experiment.fleet().services(), experiment.fleet().heap()).forEach(d -> m.add(
                    "fleet-" + client + "-deployment.yaml", "The providers on nacos-client " + client
                            + " at their peak, " + peak + " providers, "
                            + experiment.fleet().providersPerClient() + " per pod; the runner creates it with no"
                            + " pod and scales it as the phases say.", d));
        }
        m.add("probe-deployment.yaml", "The probe, one pod; the runner reads its series and summary over its control"
                        + " port.", ClusterManifests.probe(target, ClientVersions.canonical(experiment.probe().clientVersion()),
                        experiment.probe().rate(), experiment.probe().timeout()));
        int demo = experiment.probe().demoProviders();
        for (String client : demoClientVersions(valid)) {
            m.add("demo-" + client + "-deployment.yaml", "The " + demo + " Dubbo demo providers the probe calls,"
                    + " on nacos-client " + client + ", one per pod; the runner creates it at the replicas the run"
                    + " needs then.", ClusterManifests.demoProviders(target, client, demo));
        }
        String key = RunnerManifests.experimentKey(valid.file());
        m.add("experiment-configmap.yaml", "The experiment file the runner Job runs, as rendered.",
                RunnerManifests.experiment(target, key, text));
        m.add("runner-serviceaccount.yaml", "Whom the runner Job runs as.", RunnerManifests.serviceAccount(target));
        m.add("runner-role.yaml", "What the runner may do to the API in this namespace: what the kubernetes backend"
                + " calls, nothing more.", RunnerManifests.role(target));
        m.add("runner-rolebinding.yaml", "The runner's Role, granted to its ServiceAccount.",
                RunnerManifests.roleBinding(target));
        m.add("runs-pvc.yaml", "The runner's run directories (journal, logs), kept after the Job.",
                RunnerManifests.runsVolume(target));
        m.add("runner-job.yaml", "The runner: upgrade-lab run of this experiment, once, stopped by Kubernetes after "
                + RunnerManifests.deadlineSeconds(valid.timeline().total()) + " s (twice the planned "
                + valid.timeline().total().toSeconds() + " s, plus 30 min).",
                RunnerManifests.job(target, key, experiment.scale(), valid.timeline().total(),
                        experiment.metrics() != null && experiment.metrics().onPodAddress()
                                ? java.util.OptionalInt.of(experiment.metrics().port()) : java.util.OptionalInt.empty()));
        m.add(CONTROL_SECRET_FILE, "The run's control token, made by this render: the runner Job, the fleet and the"
                + " probe read it from here, and the fleet's and the probe's control ports answer nothing without it."
                + " Render again for the next run; do not commit this file.", RunnerManifests.controlSecret(target,
                ControlToken.generate()));
        m.add("control-networkpolicy.yaml", "Only the runner Job's pod reaches the fleet's and the probe's control"
                + " ports (and the Nacos pods their 1.x clients' UDP push port).", RunnerManifests.controlPolicy(target));
        m.add("nacos-networkpolicy.yaml", "Only the lab's pods (the nodes, the fleet, the probe, the demo providers"
                + " and the runner) reach Nacos.", RunnerManifests.nacosPolicy(target));
        if (target.kubernetes().podMonitor()) {
            if (experiment.metrics() != null && experiment.metrics().onPodAddress()) {
                m.add("runner-podmonitor.yaml", "The Prometheus Operator's PodMonitor of the runner Job's live metrics"
                        + " (kubernetes.podMonitor: true); needs the operator's CRDs.", RunnerManifests.podMonitor(target));
            } else {
                m.notes.add("kubernetes.podMonitor: no PodMonitor written: the runner serves its metrics on its pod's"
                        + " address only with metrics: {address: pod}");
            }
        }
        String client = ClientVersions.canonical(experiment.fleet().clientVersion());
        for (Timeline.PlannedPhase planned : valid.timeline().phases()) {
            m.phase(target, planned, planned.phase(), client);
            if (planned.phase() instanceof RollingClientUpgrade upgrade) {
                client = upgrade.to();
            }
        }
        return m;
    }

    /** The client versions the experiment's providers run on, in the order the plan first uses them. */
    static List<String> clientVersions(Timeline timeline) {
        Set<String> versions = new LinkedHashSet<>();
        timeline.phases().forEach(p -> p.providersByGeneration().forEach((version, providers) -> {
            if (providers > 0) {
                versions.add(version);
            }
        }));
        return List.copyOf(versions);
    }

    /**
     * The client versions the demo providers run on, in order: the fleet's at the start (they start
     * with it), then each rollingClientUpgrade's {@code to} (it restarts every one of them on it).
     */
    static List<String> demoClientVersions(ValidatedExperiment valid) {
        Set<String> versions = new LinkedHashSet<>();
        versions.add(ClientVersions.canonical(valid.experiment().fleet().clientVersion()));
        valid.timeline().phases().forEach(p -> {
            if (p.phase() instanceof RollingClientUpgrade upgrade) {
                versions.add(ClientVersions.canonical(upgrade.to()));
            }
        });
        return List.copyOf(versions);
    }

    /** The most providers the experiment runs on client version {@code client} after any phase. */
    static int peakProviders(Timeline timeline, String client) {
        return timeline.phases().stream()
                .mapToInt(p -> p.providersByGeneration().getOrDefault(client, 0))
                .max().orElse(0);
    }

    public List<File> files() {
        return List.copyOf(files);
    }

    /**
     * What a person applies to run the experiment, as {@code kubectl apply -k} takes it: the namespace and
     * the runner's resources (component {@code runner}), without the Secret, which holds a token no
     * committed file may hold, and without the cluster's and the load's, which the runner creates itself
     * (it refuses to start on a StatefulSet already there), and without faults/.
     */
    public List<File> applied() {
        return files.stream().filter(f -> !f.path().startsWith(FAULTS + "/"))
                .filter(f -> !(f.resource() instanceof Secret))
                .filter(f -> "Namespace".equals(f.resource().getKind()) || RunnerManifests.COMPONENT.equals(
                        f.resource().getMetadata().getLabels().get(LabLabels.COMPONENT)))
                .toList();
    }

    /** The namespace's file: the one a person applies before the runner's resources, which live in it. */
    public File namespaceFile() {
        return files.stream().filter(f -> "Namespace".equals(f.resource().getKind())).findFirst().orElseThrow();
    }

    /** What phases do that no file shows, one line each: "phase 9 rollingServerUpgrade: ...". */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** The notes and resources of one phase; {@code fromClient} is the fleet's client version when it starts. */
    private void phase(Target target, Timeline.PlannedPhase planned, Phase phase, String fromClient) {
        String at = "phase " + planned.number() + " ";
        if (phase instanceof FaultPhase fault) {
            Optional<HasMetadata> resource = chaosOf(target, fault);
            if (resource.isPresent()) {
                HasMetadata r = resource.get();
                add(FAULTS + "/" + String.format("phase-%02d-%s-%s.yaml", planned.number(), fault.fault(),
                                r.getKind().toLowerCase()),
                        at + planned.title() + ". Created when the phase starts, deleted when it ends.", r);
            } else {
                notes.add(at + planned.title() + ": no Chaos Mesh resource; pod "
                        + ClusterManifests.podName(fault.node()) + " is deleted with its grace period and the"
                        + " StatefulSet recreates it");
            }
        } else if (phase instanceof RollingServerUpgrade upgrade) {
            notes.add(at + planned.title() + ": the StatefulSet's image becomes "
                    + ClusterManifests.nacosImage(target, upgrade.to()) + ", then pods "
                    + IntStream.rangeClosed(1, target.nodes()).mapToObj(ClusterManifests::podName)
                    .collect(Collectors.joining(", ")) + " are deleted one at a time, each once the one before is Ready");
        } else if (phase instanceof RollingClientUpgrade upgrade) {
            notes.add(at + planned.title() + ": replicas move from " + ClusterManifests.fleetName(fromClient) + " to "
                    + ClusterManifests.fleetName(upgrade.to()) + " and from " + ClusterManifests.demoName(fromClient)
                    + " to " + ClusterManifests.demoName(upgrade.to())
                    + " batch by batch, each new pod serving before an old one goes");
        }
    }

    /** The resource the backend creates for a fault phase; empty for a graceful restart (a pod deletion). */
    static Optional<HasMetadata> chaosOf(Target target, FaultPhase fault) {
        return Faults.named(fault.fault())
                .flatMap(f -> ChaosManifests.of(target, fault.node(), f.action(fault)));
    }

    private void add(String name, String about, HasMetadata resource) {
        int order = (int) files.stream().filter(f -> !f.path().startsWith(FAULTS + "/")).count();
        String path = name.startsWith(FAULTS + "/") ? name : String.format("%02d-%s", order, name);
        files.add(new File(path, about, resource));
    }
}
