package io.upgradelab.runner.preflight;

import io.upgradelab.journal.Preflight.Finding;
import io.upgradelab.journal.Preflight.Level;
import io.upgradelab.runner.nacos.NacosVersions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Java each node runs on, against what the target needs: the 3.x server and console need JDK 17,
 * where 1.x and 2.x ran on 8 or later, so a node upgraded in place on its old JVM does not start. Read from
 * what the lab started the node with, or from its Prometheus page ({@code jvm_info}).
 */
final class JavaRuntime implements PreflightCheck {

    static final int THREE_X_NEEDS = 17;
    private static final List<String> NOTES = List.of("Nacos 3.0 release notes: the server needs JDK 17");

    @Override
    public String name() {
        return "javaRuntime";
    }

    @Override
    public int order() {
        return 15;
    }

    @Override
    public List<Finding> check(ClusterFacts facts) {
        List<ClusterFacts.Node> answering = facts.nodes().stream().filter(ClusterFacts.Node::answered).toList();
        if (!NacosVersions.isThreeX(facts.to())) {
            return List.of(Finding.ok(name(), facts.to() + " runs on Java 8 or later" + known(answering)));
        }
        if (answering.isEmpty()) {
            return List.of(new Finding(name(), Level.atRisk, "not checked: no node answered", NOTES));
        }
        List<Finding> findings = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (ClusterFacts.Node node : answering) {
            Optional<Integer> major = node.java().flatMap(JavaRuntime::major);
            if (major.isEmpty()) {
                unknown.add("node " + node.number());
            } else if (major.get() < THREE_X_NEEDS) {
                findings.add(new Finding(name(), Level.blocked, "node " + node.number() + " runs on Java "
                        + node.java().get() + ": " + facts.to() + " needs " + THREE_X_NEEDS + " or later; give the new"
                        + " version a JDK " + THREE_X_NEEDS, NOTES));
            }
        }
        if (!unknown.isEmpty()) {
            findings.add(new Finding(name(), Level.atRisk, "not checked: the Java of " + String.join(", ", unknown)
                    + " (its Prometheus page, actuator/prometheus, gives no jvm_info); " + facts.to() + " needs JDK "
                    + THREE_X_NEEDS, NOTES));
        }
        if (findings.isEmpty()) {
            findings.add(Finding.ok(name(), "every node on Java " + THREE_X_NEEDS + " or later" + known(answering)));
        }
        return findings;
    }

    /** The feature release of a Java version: 17 of {@code 17.0.13+11}, 8 of {@code 1.8.0_392}. */
    static Optional<Integer> major(String version) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    private static String known(List<ClusterFacts.Node> nodes) {
        List<String> versions = nodes.stream().flatMap(n -> n.java().stream()).distinct().toList();
        return versions.isEmpty() ? "" : " (the nodes: Java " + String.join(", ", versions) + ")";
    }
}
