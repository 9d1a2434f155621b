package io.upgradelab.runner.observe;

import io.upgradelab.journal.NodeResourcesSample;
import io.upgradelab.journal.ResourceSample;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import java.util.ArrayList;
import java.util.List;

/** Each running node's CPU (% of one core since the previous sample) and resident memory. */
public final class NodeResourceUse implements Observer {

    @Override
    public String name() {
        return "nodeResources";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        List<ResourceSample> samples = new ArrayList<>();
        for (NodeStatus node : observed.cluster().nodes()) {
            if (node.state() != NodeState.UP && node.state() != NodeState.PAUSED) {
                continue;
            }
            try {
                NodeResources r = observed.cluster().sample(node.number());
                ResourceSample sample = new ResourceSample(node.number(), r.cpuPercent(), r.rssMiB());
                into.put(sample);
                samples.add(sample);
            } catch (RuntimeException e) {
                // the process ended between the listing and the sample: no sample this round
            }
        }
        journal.append(new NodeResourcesSample(samples));
    }
}
