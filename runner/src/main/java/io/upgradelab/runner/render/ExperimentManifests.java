package io.upgradelab.runner.render;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.backend.kubernetes.ChaosManifests;
import io.upgradelab.runner.backend.kubernetes.ClusterManifests;
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

/**
 * Everything the kubernetes backend would create for one experiment, file by file, for a person to
 * review before a run: the cluster (namespace, Service, StatefulSet), the fleet and the probe, and
 * under {@code faults/} the Chaos Mesh resource of each fault phase, so that {@code kubectl apply -f
 * DIR} creates the cluster and never injects a fault by accident. What a phase changes without a
 * resource of its own (an image, a pod deleted) is said in {@link #notes()}.
 */
public final class ExperimentManifests {

    /** The faults' subdirectory. */
    public static final String FAULTS = "faults";

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

    /** The files and notes of {@code valid}, as its {@code target} section says (whatever its backend). */
    public static ExperimentManifests of(ValidatedExperiment valid) {
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
                            + experiment.fleet().providersPerClient() + " per pod (for review: the lab still runs"
                            + " the fleet as a local process).", d));
        }
        m.add("probe-deployment.yaml", "The probe (for review: the lab still runs it as a local process).",
                ClusterManifests.probe(target, ClientVersions.canonical(experiment.probe().clientVersion()),
                        experiment.probe().rate()));
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

    /** The most providers the experiment runs on client version {@code client} after any phase. */
    static int peakProviders(Timeline timeline, String client) {
        return timeline.phases().stream()
                .mapToInt(p -> p.providersByGeneration().getOrDefault(client, 0))
                .max().orElse(0);
    }

    public List<File> files() {
        return List.copyOf(files);
    }

    /** What phases do that no file shows, one line each: "phase 9 rollingServerUpgrade: ...". */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** The notes and resources of one phase; {@code fromClient} is the fleet's client version when it starts. */
    private void phase(Target target, Timeline.PlannedPhase planned, Phase phase, String fromClient) {
        String at = "phase " + planned.number() + " ";
        String namespace = target.kubernetes().namespace();
        if (phase instanceof FaultPhase fault) {
            Optional<HasMetadata> resource = chaosOf(namespace, fault);
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
                    + ClusterManifests.fleetName(upgrade.to()) + " batch by batch (once the fleet runs in the cluster)");
        }
    }

    /** The resource the backend creates for a fault phase; empty for a graceful restart (a pod deletion). */
    static Optional<HasMetadata> chaosOf(String namespace, FaultPhase fault) {
        return Faults.named(fault.fault())
                .flatMap(f -> ChaosManifests.of(namespace, fault.node(), f.action(fault)));
    }

    private void add(String name, String about, HasMetadata resource) {
        int order = (int) files.stream().filter(f -> !f.path().startsWith(FAULTS + "/")).count();
        String path = name.startsWith(FAULTS + "/") ? name : String.format("%02d-%s", order, name);
        files.add(new File(path, about, resource));
    }
}
