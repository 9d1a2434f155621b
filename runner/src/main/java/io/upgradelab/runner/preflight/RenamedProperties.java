package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Node properties the target reads under another name: 3.0 reads {@code nacos.server.main.port} and
 * {@code nacos.server.contextPath}, not {@code server.port} and {@code server.servlet.contextPath}, so a node
 * moved to its new version with its old file starts on the default port or path; 3.3 renames
 * {@code nacos.core.auth.*} to {@code nacos.plugin.auth.*} (the old keys still read).
 */
final class RenamedProperties implements PreflightCheck {

    static final Map<String, String> RENAMED_IN_3_0 = Map.of("server.port", "nacos.server.main.port",
            "server.servlet.contextPath", "nacos.server.contextPath");
    private static final String NOTES = "Nacos 3.0 upgrade manual: renamed properties";

    @Override
    public String name() {
        return "renamedProperties";
    }

    @Override
    public int order() {
        return 80;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        boolean toThreeX = NacosVersions.isThreeX(facts.to())
                && facts.versions().stream().anyMatch(v -> !NacosVersions.isThreeX(v));
        boolean authRenamed = NacosVersions.ORDER.compare(facts.to(), "3.3") >= 0;
        if (!toThreeX && !authRenamed) {
            return List.of(Finding.ok(name(), "no property renamed on the way to " + facts.to()));
        }
        if (facts.nodeProperties().value().isEmpty()) {
            return notChecked(facts.nodeProperties(), List.of(NOTES));
        }
        List<String> renamed = new ArrayList<>();
        List<String> authKeys = new ArrayList<>();
        facts.nodeProperties().value().get().forEach((node, properties) -> properties.keySet().forEach(key -> {
            String newName = RENAMED_IN_3_0.get(key);
            if (toThreeX && newName != null && !properties.containsKey(newName)) {
                renamed.add("node " + node + ": " + key + " (now " + newName + ")");
            }
            if (authRenamed && key.startsWith("nacos.core.auth.")) {
                authKeys.add("node " + node + ": " + key);
            }
        }));
        List<Finding> findings = new ArrayList<>();
        if (!renamed.isEmpty()) {
            findings.add(new Finding(name(), Level.atRisk, String.join("; ", renamed) + ": " + facts.to()
                    + " does not read the old name", List.of(NOTES)));
        }
        if (!authKeys.isEmpty()) {
            findings.add(Finding.ok(name(), "nacos.core.auth.* keys, which " + facts.to() + " still reads under their"
                    + " new name nacos.plugin.auth.* (" + String.join("; ", authKeys.subList(0, Math.min(3, authKeys.size())))
                    + (authKeys.size() > 3 ? "; ..." : "") + ")"));
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok(name(), "no node sets a property " + facts.to() + " reads under another name"));
        }
        return findings;
    }
}
