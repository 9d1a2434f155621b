package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.DemoSettings;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.workload.Workloads;
import java.net.URI;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.upgradelab.demo.ControlToken;

/**
 * The load on Kubernetes, beside the cluster in its namespace: the demo providers, the fleet and the
 * probe as Deployments of the lab image ({@link ClusterManifests}), driven through their pods'
 * control ports at the pods' addresses, which the runner reaches because it runs in the cluster
 * (the runner Job). Local paths and addresses of the settings do not apply: a pod has its own IP,
 * and its logs are the pod's ({@code kubectl logs}).
 *
 * <p>It keeps every Deployment it created until deleted, so {@link #deleteAll} (the cluster's
 * close) removes what a failed start or a failed part's close left.
 *
 * <p>The control ports answer the run's control token alone: the fleet's and the probe's pods read it
 * from the Secret {@link RunnerManifests#CONTROL_SECRET} ({@link ClusterManifests#controlTokenVariable}),
 * and so does the runner Job, into its environment, where {@link #FROM_ENVIRONMENT} takes it on the
 * first control call.
 */
final class KubernetesWorkloads implements Workloads {

    /** The runner Job's token: its environment's, which the Secret fills. */
    static final Supplier<ControlToken> FROM_ENVIRONMENT = () -> {
        try {
            return ControlToken.fromEnvironment().orElseThrow(() -> new LabException(LabException.FAILED,
                    ControlToken.VARIABLE + " is not set: the runner calls the fleet's and the probe's control ports"
                            + " with the run's control token, which the runner Job takes from the Secret "
                            + RunnerManifests.CONTROL_SECRET + " (render k8s writes it)"));
        } catch (IllegalArgumentException e) {
            throw new LabException(LabException.FAILED, ControlToken.VARIABLE + ": " + e.getMessage());
        }
    };

    private final KubernetesClient client;
    private final Target target;
    private final Poll poll;
    private final PodAddresses addresses;
    private final Supplier<ControlToken> tokenSource;
    private final List<LabDeployment> created = new CopyOnWriteArrayList<>();
    private ControlToken token;

    KubernetesWorkloads(KubernetesClient client, Target target, Poll poll, PodAddresses addresses,
                        Supplier<ControlToken> token) {
        this.client = client;
        this.target = target;
        this.poll = poll;
        this.addresses = addresses;
        this.tokenSource = token;
    }

    /** The demo providers have no control port; the run's token is taken here anyway, so a run without one stops first. */
    @Override
    public DemoProviders demoProviders(DemoSettings settings, Path directory, Consumer<String> progress) {
        token();
        return KubernetesDemoProviders.start(this, settings.count(), settings.client(), progress);
    }

    /** The fleet starts empty, as a local one does: its first ramp creates its client version's Deployment. */
    @Override
    public Fleet fleet(FleetSettings settings, Path directory, Consumer<String> progress) {
        token();
        return new KubernetesFleet(this, settings, progress);
    }

    @Override
    public Probe probe(ProbeOptions options, String servers, Path directory, Consumer<String> progress) {
        token();
        return KubernetesProbe.start(this, options, progress);
    }

    Target target() {
        return target;
    }

    Poll poll() {
        return poll;
    }

    /** Where the runner reaches {@code pod}'s control port {@code port}. */
    URI control(Pod pod, int port) {
        return addresses.control(pod, port);
    }

    /** The run's control token, which every call to a control port carries; taken once, when first needed. */
    synchronized ControlToken token() {
        if (token == null) {
            token = tokenSource.get();
        }
        return token;
    }

    /** The pod {@code name} as the API server has it now, or null. */
    Pod pod(String name) {
        return client.pods().inNamespace(target.kubernetes().namespace()).withName(name).get();
    }

    /** Creates {@code deployment} and waits for its pods; kept for {@link #deleteAll} from before the create. */
    LabDeployment create(Deployment deployment, Consumer<String> progress) {
        LabDeployment lab = LabDeployment.of(client, deployment, poll, target.kubernetes().startTimeout(), progress);
        created.add(lab);
        lab.create(deployment);
        return lab;
    }

    /** Deletes a Deployment this created, and waits for its pods to go. */
    void delete(LabDeployment deployment) {
        deployment.delete();
        created.remove(deployment);
    }

    /**
     * Deletes each of {@code deployments}, all of them even when one fails, and then throws the first
     * failure: what a workload's close does with the Deployments it holds.
     */
    void delete(Collection<LabDeployment> deployments) {
        RuntimeException first = null;
        for (LabDeployment deployment : deployments) {
            try {
                delete(deployment);
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * Calls {@code call} until it answers (a LabException is no answer yet), within
     * {@code kubernetes.startTimeout}: a pod is Ready before the process in it takes requests.
     */
    <T> T awaitAnswer(String what, Supplier<T> call) {
        AtomicReference<T> answer = new AtomicReference<>();
        AtomicReference<String> last = new AtomicReference<>("no answer");
        boolean answered = poll.until(() -> {
            try {
                answer.set(call.get());
                return true;
            } catch (LabException e) {
                last.set(e.getMessage());
                return false;
            }
        }, ok -> ok, target.kubernetes().startTimeout(), ok -> { });
        if (!answered) {
            throw new LabException(LabException.FAILED, what + ": no answer within "
                    + target.kubernetes().startTimeout().toSeconds() + " s: " + last.get());
        }
        return answer.get();
    }

    /** Deletes every Deployment still there; {@code failures} gets what could not be. */
    void deleteAll(List<String> failures) {
        for (LabDeployment deployment : List.copyOf(created)) {
            try {
                delete(deployment);
            } catch (RuntimeException e) {
                failures.add("delete Deployment " + deployment.name() + ": " + e.getMessage());
            }
        }
    }
}
