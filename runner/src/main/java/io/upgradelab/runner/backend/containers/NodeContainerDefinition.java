package io.upgradelab.runner.backend.containers;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.Volume;
import io.upgradelab.runner.backend.NacosImages;
import io.upgradelab.runner.backend.local.NodePorts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One node's container as Docker must create it, before anything runs.
 *
 * <p>Testcontainers would publish exposed ports on random host ports of every interface; the lab
 * binds only 127.0.0.1, and on fixed ports: a Nacos 2.x client dials the gRPC port at HTTP+1000 of
 * the address it was given, so the host must keep the server's offsets. The host name is the
 * network alias, which is how members name each other in hostname mode.
 *
 * @param alias      the node's name on the cluster's network and its host name
 * @param image      the image with its tag, e.g. {@code nacos/nacos-server:v2.0.4}
 * @param env        what the image's start script reads (mode, members, heap)
 * @param hostPorts  the node's ports on the host's loopback
 * @param dataVolume the named volume mounted at the image's data directory
 */
public record NodeContainerDefinition(int number, String alias, String image, Map<String, String> env,
                                      NodePorts hostPorts, String dataVolume) {

    static final String LOOPBACK = "127.0.0.1";
    static final String READINESS_PATH = "/nacos/v1/console/health/readiness";

    public NodeContainerDefinition {
        env = Map.copyOf(env);
    }

    /** The version the image runs, from its tag. */
    public String version() {
        return NacosImages.versionOf(image);
    }

    /** Host 127.0.0.1:P to 8848, P+1000 to 9848, P+1001 to 9849; nothing on any other address. */
    public List<PortBinding> portBindings() {
        return List.of(
                loopback(hostPorts.http(), ContainerClusterSpec.HTTP),
                loopback(hostPorts.grpcClient(), ContainerClusterSpec.GRPC_CLIENT),
                loopback(hostPorts.grpcCluster(), ContainerClusterSpec.GRPC_CLUSTER));
    }

    /** The container, not started: ready means the readiness endpoint answers 200, waited for by Testcontainers. */
    GenericContainer<?> container(Network network, Consumer<OutputFrame> log, Duration startTimeout) {
        return new GenericContainer<>(DockerImageName.parse(image))
                .withNetwork(network)
                .withNetworkAliases(alias)
                .withEnv(env)
                .withExposedPorts(ContainerClusterSpec.HTTP, ContainerClusterSpec.GRPC_CLIENT,
                        ContainerClusterSpec.GRPC_CLUSTER)
                .withCreateContainerCmdModifier(this::configure)
                .withLogConsumer(log)
                .waitingFor(Wait.forHttp(READINESS_PATH).forPort(ContainerClusterSpec.HTTP).forStatusCode(200)
                        .withStartupTimeout(startTimeout));
    }

    /** Runs last when Testcontainers creates the container, so its own port bindings are replaced. */
    void configure(CreateContainerCmd create) {
        create.withHostName(alias);
        configure(create.getHostConfig());
    }

    /** Loopback-only port bindings and the data volume. */
    void configure(HostConfig host) {
        host.withPortBindings(portBindings().toArray(PortBinding[]::new))
                .withBinds(new Bind(dataVolume, new Volume(ContainerClusterSpec.DATA_PATH)));
    }

    private static PortBinding loopback(int hostPort, int containerPort) {
        return new PortBinding(Ports.Binding.bindIpAndPort(LOOPBACK, hostPort), ExposedPort.tcp(containerPort));
    }

    @Override
    public String toString() {
        return "node " + number + " (" + alias + ", " + image + ")";
    }
}
