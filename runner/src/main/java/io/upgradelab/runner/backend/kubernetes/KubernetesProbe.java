package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.journal.SetUp;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeControl;
import io.upgradelab.runner.probe.ProbeOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The probe as the one pod of its Deployment ({@link ClusterManifests#probe}), read over its control
 * port ({@link ProbeControl}) where a local probe is read from its files: the series from where the
 * last read ended, the summary once it has ended (the pod lingers for it). It counts as alive while
 * its pod is the one that started, not deleted and its container not restarted: a restarted probe
 * would start a new series, and the run would no longer measure one consumer.
 */
final class KubernetesProbe implements Probe {

    private final KubernetesWorkloads workloads;
    private final LabDeployment deployment;
    private final Pod pod;
    private final ProbeControl control;
    private final ProbeOptions options;
    private final List<ProbeSecond> seconds = new ArrayList<>();
    private long offset;
    private ProbeSummary summary;

    private KubernetesProbe(KubernetesWorkloads workloads, LabDeployment deployment, Pod pod, ProbeOptions options) {
        this.workloads = workloads;
        this.deployment = deployment;
        this.pod = pod;
        this.control = new ProbeControl(workloads.control(pod, ClusterManifests.PROBE_CONTROL_PORT), workloads.token());
        this.options = options;
    }

    /** Creates the probe's Deployment and returns once its pod is Ready and calling. */
    static KubernetesProbe start(KubernetesWorkloads workloads, ProbeOptions options, Consumer<String> progress) {
        LabDeployment deployment = workloads.create(ClusterManifests.probe(workloads.target(), options.client(),
                options.rate(), options.timeout()), progress);
        KubernetesProbe probe = new KubernetesProbe(workloads, deployment, deployment.readyPods().get(0), options);
        workloads.awaitAnswer(probe.pod.getMetadata().getName() + " calling", () -> {
            String state = probe.read(probe.control::state);
            if (!state.equals("calling")) {
                throw new LabException(LabException.FAILED, "the probe is " + state);
            }
            return state;
        });
        progress.accept("probe (nacos-client " + options.client() + ", " + options.rate() + " calls/s): calling, pod "
                + probe.pod.getMetadata().getName());
        return probe;
    }

    @Override
    public synchronized List<ProbeSecond> series() {
        ProbeControl.SeriesRead read = read(() -> control.series(offset));
        seconds.addAll(read.seconds());
        offset = read.next();
        return List.copyOf(seconds);
    }

    @Override
    public Optional<String> phaseBegan(ProbePhase phase) {
        return control.phaseBegan(phase);
    }

    /** {@code POST /stop}, then reads {@code GET /summary} until the probe has accounted for every call. */
    @Override
    public synchronized ProbeSummary stop() {
        if (summary == null) {
            read(() -> {
                control.stop();
                return null;
            });
            Duration timeout = options.timeout().plusSeconds(30);
            AtomicReference<Optional<ProbeSummary>> last = new AtomicReference<>(Optional.empty());
            if (!workloads.poll().until(() -> {
                last.set(read(control::summary));
                return last.get();
            }, Optional::isPresent, timeout, s -> { })) {
                throw new LabException(LabException.FAILED, "the probe did not end within " + timeout.toSeconds()
                        + " s of its stop (" + whereToLook() + ")");
            }
            summary = last.get().orElseThrow();
        }
        return summary;
    }

    @Override
    public boolean isAlive() {
        Pod now = workloads.pod(pod.getMetadata().getName());
        return now != null && now.getMetadata().getUid().equals(pod.getMetadata().getUid())
                && now.getMetadata().getDeletionTimestamp() == null && restarts(now) == restarts(pod);
    }

    @Override
    public String whereToLook() {
        return "kubectl -n " + pod.getMetadata().getNamespace() + " logs " + pod.getMetadata().getName();
    }

    @Override
    public SetUp.Placement whereItRuns() {
        return new SetUp.Placement(null, deployment.name(), pod.getMetadata().getName(), null, null);
    }

    /** Deletes the Deployment (its pod goes); stops the probe first when nobody did. */
    @Override
    public void close() {
        try {
            if (summary == null && isAlive()) {
                stop();
            }
        } finally {
            workloads.delete(deployment);
        }
    }

    private static int restarts(Pod pod) {
        List<ContainerStatus> statuses = pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
                ? List.of() : pod.getStatus().getContainerStatuses();
        return statuses.stream().mapToInt(s -> s.getRestartCount() == null ? 0 : s.getRestartCount()).sum();
    }

    private interface Call<T> {
        T call() throws IOException;
    }

    private <T> T read(Call<T> call) {
        try {
            return call.call();
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "probe control " + pod.getMetadata().getName() + ": " + e);
        }
    }
}
