package io.upgradelab.runner.observe;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.UpgradeSample;
import io.upgradelab.journal.UpgradeStatusSample;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The 1.x-to-2.x upgrade state of every 2.x node ({@code /nacos/v1/ns/upgrade/ops/metrics}): whether
 * it double-writes, has switched to 2.x mode ({@code upgraded}), and what the v1 and v2 data models
 * hold. Nodes still on 1.x, from 2.2 on (no such endpoint: no 1.x mode), or not answering, are left
 * out of the sample.
 */
public final class UpgradeStatus implements Observer {

    @Override
    public String name() {
        return "upgradeStatus";
    }

    @Override
    public void observe(Observed observed, Observations into, Journal journal) {
        List<UpgradeSample> samples = new ArrayList<>();
        for (NodeStatus node : observed.cluster().nodes()) {
            if (NacosVersions.isOneX(node.version())) {
                into.clearUpgrade(node.number());
                continue;
            }
            try {
                Optional<JsonNode> metrics = observed.cluster().api(node.number()).upgradeMetrics();
                if (metrics.isEmpty()) {   // 2.2 on: no 1.x mode, as for a 1.x node
                    into.clearUpgrade(node.number());
                    continue;
                }
                UpgradeSample sample = sampleOf(node.number(), metrics.get());
                into.put(sample);
                samples.add(sample);
            } catch (NacosApi.NacosApiException e) {
                into.clearUpgrade(node.number());
            }
        }
        if (!samples.isEmpty()) {
            journal.append(new UpgradeStatusSample(samples));
        }
    }

    static UpgradeSample sampleOf(int node, JsonNode m) {
        return new UpgradeSample(node, m.path("upgraded").asBoolean(), m.path("isAll20XVersion").asBoolean(),
                m.path("isDoubleWriteEnabled").asBoolean(), m.path("serviceCountV1").asInt(),
                m.path("instanceCountV1").asInt(), m.path("serviceCountV2").asInt(), m.path("instanceCountV2").asInt(),
                names(m.path("service.V1.not.in.V2").asText("")));
    }

    /** How many names a metrics list holds: 2.0.x joins them with line feeds, "" for none. */
    private static int names(String joined) {
        return (int) joined.lines().filter(l -> !l.isBlank()).count();
    }
}
