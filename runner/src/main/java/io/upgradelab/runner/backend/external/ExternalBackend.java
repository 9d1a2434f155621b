package io.upgradelab.runner.backend.external;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.BackendType;
import io.upgradelab.runner.backend.ExternalTarget;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code target.backend: external}: a Nacos cluster that exists already, such as a team's staging
 * registry. The lab never starts or stops its nodes; it upgrades them only through the commands the
 * experiment gives, and logs in when the cluster has auth on.
 */
public final class ExternalBackend implements BackendType {

    @Override
    public String name() {
        return "external";
    }

    @Override
    public Optional<Class<? extends Record>> settings() {
        return Optional.of(ExternalTarget.class);
    }

    /** Only the upgrade, where the target gives the user's own upgrade commands: the lab neither starts nor stops the nodes. */
    @Override
    public Set<Capability> capabilities(Target target) {
        boolean upgrades = target.external() != null && !target.external().upgradeCommands().isEmpty();
        return upgrades ? EnumSet.of(Capability.UPGRADE) : EnumSet.noneOf(Capability.class);
    }

    @Override
    public void check(Target target, Problems problems) {
        ExternalTarget external = target.external();
        if (external == null) {
            problems.add("", "backend external needs an 'external' section with the nodes' addresses");
            return;
        }
        if (target.nodes() != external.addresses().size()) {
            problems.add("nodes", "nodes is " + target.nodes() + " but external.addresses lists "
                    + external.addresses().size() + " (leave nodes out: it defaults to the number of addresses)");
        }
        if (!external.upgradeCommands().isEmpty() && external.upgradeCommands().size() != external.addresses().size()) {
            problems.add("external/upgradeCommands", external.upgradeCommands().size() + " upgrade commands for "
                    + external.addresses().size() + " nodes: give one per node, in node order");
        }
        if (external.credentials() != null) {   // read now, so that a run without its user is refused before it starts
            CredentialsReader.problem(external.credentials(), System.getenv())
                    .ifPresent(p -> problems.add("external/" + p.field(), p.message()));
        }
    }

    @Override
    public Backend open(Target target, Path runDirectory, Consumer<String> progress) {
        ExternalTarget external = target.external();
        Optional<NacosCredentials> credentials = Optional.ofNullable(external.credentials())
                .map(source -> CredentialsReader.read(source, System.getenv()));
        return ExternalCluster.locate(external, credentials, runDirectory.resolve("external"), progress);
    }
}
