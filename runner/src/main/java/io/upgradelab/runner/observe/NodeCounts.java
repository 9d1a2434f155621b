package io.upgradelab.runner.observe;

import io.upgradelab.journal.NodeCountsSample;
import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.ServiceSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * Each node's own view of the providers: Dubbo provider services ({@code providers:*} in the default
 * group) and their instances, healthy and total, and the same for the probe's demo service. Asked of
 * every node separately, because flapping shows as nodes disagreeing with the fleet and each other.
 * Each sample carries the count the nodes are expected to hold, so the gate can recount flapping
 * with its own tolerance.
 */
public final class NodeCounts implements Observer {

    /** The demo service's registry name, as Dubbo registers it at interface level. */
    public static final String DEMO_SERVICE = "providers:org.upgradelab.demo.DemoService::";
    private static final String PROVIDERS = "providers:";

    @Override
    public String name() {
        return "nodeCounts";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        List<NodeSample> samples = new ArrayList<>();
        for (NodeStatus node : observed.cluster().nodes()) {
            NodeSample sample = sample(observed.cluster().api(node.number()), node);
            into.put(sample);
            samples.add(sample);
        }
        journal.append(new NodeCountsSample(samples, into.expectedInstances()));
    }

    /** After the fleet observer: the expected count it journals beside the nodes' is this round's. */
    @Override
    public int stage() {
        return 1;
    }

    static NodeSample sample(NacosApi api, NodeStatus node) {
        try {
            int services = 0;
            int instances = 0;
            int healthy = 0;
            int demo = 0;
            int demoHealthy = 0;
            for (ServiceSummary s : api.services()) {
                if (!s.name().startsWith(PROVIDERS) || !NacosApi.DEFAULT_GROUP.equals(s.group())) {
                    continue;
                }
                services++;
                instances += s.instances();
                healthy += s.healthyInstances();
                if (DEMO_SERVICE.equals(s.name())) {
                    demo += s.instances();
                    demoHealthy += s.healthyInstances();
                }
            }
            return new NodeSample(node.number(), node.version(), true, services, instances, healthy, demo,
                    demoHealthy, null);
        } catch (NacosApi.NacosApiException e) {
            return NodeSample.unreachable(node.number(), node.version(), e.getMessage());
        }
    }
}
