package io.upgradelab.runner.backend.containers;

import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.BackendType;
import io.upgradelab.runner.backend.ContainersTarget;
import io.upgradelab.runner.backend.ImageNames;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.plan.Capability;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * {@code target.backend: testcontainers}: Nacos nodes as containers of the official images, for
 * people with Docker. Host ports are the local backend's, on 127.0.0.1 only.
 */
public final class ContainersBackend implements BackendType {

    @Override
    public String name() {
        return "testcontainers";
    }

    @Override
    public Optional<Class<? extends Record>> settings() {
        return Optional.of(ContainersTarget.class);
    }

    /** No network faults (Testcontainers gives no per-container netem here). */
    @Override
    public Set<Capability> capabilities(Target target) {
        return EnumSet.of(Capability.KILL, Capability.PAUSE, Capability.RESTART, Capability.UPGRADE);
    }

    /** The image and start timeout a container needs (else refused only at run). */
    @Override
    public void check(Target target, Problems problems) {
        ContainersTarget containers = target.testcontainers();
        ImageNames.repositoryProblem(containers.image()).ifPresent(p -> problems.add("testcontainers/image", p));
        if (containers.startTimeout().isZero()) {
            problems.add("testcontainers/startTimeout", "0s leaves a container no time to start: at least 1s (default 3m)");
        }
    }

    @Override
    public Backend open(Target target, Path runDirectory, Consumer<String> progress) {
        return ContainerCluster.start(spec(target, runDirectory), progress);
    }

    /** The layout {@code target} asks for; ports from 8848 on unless it names the first one. */
    static ContainerClusterSpec spec(Target target, Path runDirectory) {
        ContainersTarget containers = target.testcontainers();
        int firstPort = target.firstPort() > 0 ? target.firstPort()
                : LocalClusterSpec.firstFreePort(target.nodes(), LocalClusterSpec.DEFAULT_FIRST_PORT);
        return new ContainerClusterSpec(containers.image(), target.version(), target.nodes(), firstPort,
                target.serverHeap(), runDirectory.resolve("cluster"), containers.startTimeout(),
                UUID.randomUUID().toString().substring(0, 8));
    }
}
