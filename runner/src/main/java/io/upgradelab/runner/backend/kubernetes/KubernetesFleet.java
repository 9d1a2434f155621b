package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.SetUp;
import io.upgradelab.journal.StopReport;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetControl;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.fleet.FleetStatuses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The provider fleet as pods of the lab image, a Deployment per client version
 * ({@link ClusterManifests#fleetAt}), each pod one Nacos client of {@code providersPerClient}
 * providers driven through its own control channel ({@link FleetControl}, at the pod's address).
 *
 * <p>A ramp adds pods to the client version's Deployment (and tops up its partly filled pod), then
 * tells each new pod its share; a shrink tells the pods started last to deregister, and once they
 * have, removes the emptied ones (marked to go first, then the replicas lowered). A client batch
 * moves pods from the old version's Deployment to the new one's: the new pods register their share
 * first, then the old ones deregister and go, so consumers always have the providers. How the
 * providers are shared is {@link PodShares}' business; {@link #awaitIdle} waits until every pod is
 * done and the emptied ones are gone.
 */
final class KubernetesFleet implements Fleet {

    private final KubernetesWorkloads workloads;
    private final FleetSettings settings;
    private final Consumer<String> progress;
    private final ClientDeployments deployments;
    /** The pods of the stop under way (a shrink, a batch's old pods): their stop reports are the fleet's last stop. */
    private final List<FleetPod> stopping = new ArrayList<>();
    private volatile int target;
    private volatile StopReport lastStop = StopReport.NONE;

    KubernetesFleet(KubernetesWorkloads workloads, FleetSettings settings, Consumer<String> progress) {
        this.workloads = workloads;
        this.settings = settings;
        this.progress = progress;
        this.deployments = new ClientDeployments(workloads, (client, replicas) -> ClusterManifests.fleetAt(
                workloads.target(), client, replicas, settings.providersPerClient(), settings.services(),
                settings.maxHeap()), progress);
    }

    /** One pod of the fleet: its Deployment, client version, the pod, and its control channel. */
    private record FleetPod(LabDeployment deployment, String client, Pod pod, FleetControl control) {
        String name() {
            return pod.getMetadata().getName();
        }
    }

    @Override
    public synchronized void scaleTo(int providers, double perSecond, String client) {
        List<FleetPod> pods = pods();
        Map<String, Integer> held = held(pods);
        int total = held.values().stream().mapToInt(Integer::intValue).sum();
        target = providers;
        if (providers > total) {
            grow(client, providers - total, perSecond, pods, held);
        } else if (providers < total) {
            Map<String, Integer> kept = PodShares.shrink(shares(pods, held), total - providers);
            stop(pods.stream().filter(p -> kept.containsKey(p.name())).toList(), kept, perSecond);
        }
    }

    /**
     * Batch {@code batch}'s pods (those started first of the ones not on {@code client}) move to
     * {@code client}'s Deployment: the new pods register their providers (this waits for it), then
     * the old ones deregister; {@link #awaitIdle} waits for that and removes them.
     */
    @Override
    public synchronized void upgradeBatch(int batch, int batches, String client, double perSecond) {
        List<FleetPod> pods = pods();
        Map<String, Integer> held = held(pods);
        List<PodShares.Share> moving = PodShares.batch(shares(pods.stream().filter(p -> !p.client().equals(client))
                .toList(), held), batch, batches);
        int providers = moving.stream().mapToInt(PodShares.Share::providers).sum();
        progress.accept("fleet: client batch " + batch + "/" + batches + ": " + moving.size() + " pod(s), "
                + providers + " providers, to " + ClusterManifests.fleetName(client));
        grow(client, providers, perSecond, pods, held);
        awaitPodsIdle(Duration.ofMillis(Math.round(3000.0 * providers / perSecond)).plusMinutes(1));
        List<String> names = moving.stream().map(PodShares.Share::pod).toList();
        Map<String, Integer> none = names.stream().collect(Collectors.toMap(n -> n, n -> 0));
        stop(pods.stream().filter(p -> names.contains(p.name())).toList(), none, perSecond);
    }

    @Override
    public FleetStatus status() {
        List<FleetStatus> parts = pods().stream().map(p -> p.control().status()).toList();
        boolean stopsPending;
        synchronized (stopping) {
            stopsPending = !stopping.isEmpty();
        }
        return FleetStatuses.sum(parts, target, lastStop, stopsPending);
    }

    /** Every pod's registrations as one fleet's: its clients numbered anew, their services by one list. */
    @Override
    public FleetRegistrations registrations() {
        List<String> services = new ArrayList<>();
        List<FleetRegistrations.Client> clients = new ArrayList<>();
        for (FleetPod pod : pods()) {
            FleetRegistrations part = pod.control().registrations();
            for (FleetRegistrations.Client c : part.clients()) {
                List<Integer> indexes = c.services().stream().map(i -> indexOf(services, part.services().get(i))).toList();
                clients.add(new FleetRegistrations.Client(clients.size(), c.ip(), c.port(), c.version(), indexes));
            }
        }
        return new FleetRegistrations(services, clients);
    }

    /** Waits until every pod is done, then takes the stop's report and removes the pods it emptied. */
    @Override
    public synchronized FleetStatus awaitIdle(Duration timeout) {
        awaitPodsIdle(timeout);
        synchronized (stopping) {
            if (!stopping.isEmpty()) {
                lastStop = FleetStatuses.sum(stopping.stream().map(p -> p.control().status().lastStop()).toList());
                removeEmptied(List.copyOf(stopping));
                stopping.clear();
            }
        }
        return status();
    }

    @Override
    public SetUp.Placement whereItRuns() {
        return new SetUp.Placement(null, null, null, ClusterManifests.fleetName("<client version>"),
                settings.providersPerClient());
    }

    /** Deletes every fleet Deployment: each pod's fleet deregisters its providers on SIGTERM, then the pods go. */
    @Override
    public synchronized void close() {
        deployments.close();
    }

    // ---- the steps

    /** {@code add} providers more on {@code client}: the partly filled pod topped up, new pods for the rest. */
    private void grow(String client, int add, double perSecond, List<FleetPod> pods, Map<String, Integer> held) {
        FleetPod partial = pods.stream().filter(p -> p.client().equals(client))
                .filter(p -> held.get(p.name()) > 0 && held.get(p.name()) < settings.providersPerClient())
                .reduce((a, b) -> b).orElse(null);
        PodShares.Growth growth = PodShares.grow(partial == null ? 0 : held.get(partial.name()), add,
                settings.providersPerClient());
        Map<FleetPod, Integer> orders = new LinkedHashMap<>();
        if (growth.topUp() > 0) {
            orders.put(partial, held.get(partial.name()) + growth.topUp());
        }
        List<FleetPod> added = addPods(client, growth.newPods().size());
        for (int i = 0; i < added.size(); i++) {
            orders.put(added.get(i), growth.newPods().get(i));
        }
        orders.forEach((pod, providers) -> pod.control().scaleTo(providers, perSecond / orders.size(), client));
    }

    /** Tells {@code pods} to keep {@code kept} providers each (0: all deregister); they are the stop under way. */
    private void stop(List<FleetPod> pods, Map<String, Integer> kept, double perSecond) {
        synchronized (stopping) {
            stopping.addAll(pods);
        }
        pods.forEach(p -> p.control().scaleTo(kept.get(p.name()), perSecond / pods.size(), p.client()));
    }

    /** {@code count} more pods in {@code client}'s Deployment (made when missing), once Ready and answering. */
    private List<FleetPod> addPods(String client, int count) {
        if (count == 0) {
            return List.of();
        }
        LabDeployment deployment = deployments.of(client, 0);
        List<String> before = deployment.readyPods().stream().map(p -> p.getMetadata().getName()).toList();
        deployment.scaleTo(deployment.replicas() + count);
        return deployment.readyPods().stream().filter(p -> !before.contains(p.getMetadata().getName()))
                .map(p -> fleetPod(deployment, client, p)).peek(p -> workloads.awaitAnswer(p.name(),
                        () -> p.control().status()))
                .toList();
    }

    /** The emptied pods of the stop go: marked to be removed first, then their Deployment's replicas lowered. */
    private void removeEmptied(List<FleetPod> stopped) {
        Map<LabDeployment, List<FleetPod>> empty = stopped.stream()
                .filter(p -> p.control().status().totalProviders() == 0)
                .collect(Collectors.groupingBy(FleetPod::deployment, LinkedHashMap::new, Collectors.toList()));
        empty.forEach((deployment, pods) -> {
            deployment.removeFirst(pods.stream().map(FleetPod::pod).toList());
            deployment.scaleTo(deployment.replicas() - pods.size());
        });
    }

    private void awaitPodsIdle(Duration timeout) {
        if (!workloads.poll().until(() -> FleetStatuses.sum(pods().stream().map(p -> p.control().status()).toList(),
                target, lastStop), s -> !s.busy(), timeout, s -> progress.accept("fleet: still busy, "
                + s.totalProviders() + " providers of " + s.target()))) {
            FleetStatus s = status();
            throw new LabException(LabException.FAILED, "the fleet is still busy after " + timeout.toSeconds()
                    + " s: " + s.totalProviders() + " of " + s.target() + " providers");
        }
    }

    // ---- reading

    /** Every Ready pod of every client version, the first started first. */
    private List<FleetPod> pods() {
        List<FleetPod> pods = new ArrayList<>();
        deployments.all().forEach((client, deployment) -> deployment.readyPods()
                .forEach(p -> pods.add(fleetPod(deployment, client, p))));
        pods.sort(Comparator.comparing((FleetPod p) -> String.valueOf(p.pod().getMetadata().getCreationTimestamp()))
                .thenComparing(FleetPod::name));
        return pods;
    }

    private FleetPod fleetPod(LabDeployment deployment, String client, Pod pod) {
        return new FleetPod(deployment, client, pod, new FleetControl(workloads.control(pod,
                ClusterManifests.FLEET_CONTROL_PORT), workloads.token(), null));
    }

    private static Map<String, Integer> held(List<FleetPod> pods) {
        Map<String, Integer> held = new LinkedHashMap<>();
        pods.forEach(p -> held.put(p.name(), p.control().status().totalProviders()));
        return held;
    }

    private static List<PodShares.Share> shares(List<FleetPod> pods, Map<String, Integer> held) {
        return pods.stream().map(p -> new PodShares.Share(p.name(), p.client(), held.get(p.name()))).toList();
    }

    private static int indexOf(List<String> services, String service) {
        int i = services.indexOf(service);
        if (i < 0) {
            services.add(service);
            return services.size() - 1;
        }
        return i;
    }
}
