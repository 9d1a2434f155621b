package io.upgradelab.runner.nacos;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the lab asks a Nacos node, over plain HTTP, in the API generation the node's version
 * speaks: the v1 and v2 open APIs of 1.x and 2.x ({@link OpenApiV1}), the v3 admin and client APIs
 * of 3.x ({@link AdminApiV3}), which from 3.2 on has no other. Each node gets the client of its own
 * version, so a cluster half-way through an upgrade is observed node by node in the right one.
 *
 * <p>Deliberately not the nacos-client: the lab observes servers from outside, the way an operator
 * would, so what it reports does not depend on the client version under test.
 */
public abstract sealed class NacosApi permits OpenApiV1, AdminApiV3 {

    public static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    /** Nacos 2.x and 3.x serve gRPC clients at the HTTP port plus this. */
    private static final int GRPC_CLIENT_OFFSET = 1000;

    final NodeHttp http;

    NacosApi(NodeHttp http) {
        this.http = http;
    }

    /** A client of the 1.x or 2.x node at {@code hostPort} without auth. */
    public static NacosApi of(String hostPort) {
        return new OpenApiV1(hostPort, NacosAuth.NONE);
    }

    /**
     * A client of the 1.x or 2.x node at {@code hostPort} that, given {@code credentials}, logs in and
     * sends the access token with every call, as Nacos requires once {@code nacos.core.auth.enabled} is on.
     */
    public static NacosApi of(String hostPort, Optional<NacosCredentials> credentials) {
        return new OpenApiV1(hostPort, NacosAuth.of(credentials));
    }

    /** The client of the node at {@code hostPort} that runs {@code version}, in the generation it speaks. */
    public static NacosApi forVersion(String hostPort, String version, NacosAuth auth) {
        return NacosVersions.isThreeX(version) ? new AdminApiV3(hostPort, auth)
                : new OpenApiV1(hostPort, NacosAuth.of(auth.credentials()));
    }

    /**
     * The client of the node at {@code hostPort} whose version the lab does not know yet (a team's
     * cluster): 3.x's when the node answers 3.x's state call, else 1.x's and 2.x's. Asked again after a
     * node runs another version.
     */
    public static NacosApi discover(String hostPort, NacosAuth auth) {
        AdminApiV3 three = new AdminApiV3(hostPort, auth);
        try {
            three.serverVersion();
            return three;
        } catch (NacosApiException e) {
            return new OpenApiV1(hostPort, NacosAuth.of(auth.credentials()));
        }
    }

    /**
     * Makes the cluster's first admin user, {@code nacos} with {@code password}, where it has none: a
     * database laid out by 2.4 or later, 3.x's included, holds no user at all, so a cluster the lab
     * starts with client auth on has no one its clients could log in as. The password goes in the
     * request's body, never its URL (which reaches the node's access log).
     *
     * @return true when the node made the user; false when the cluster already has an admin (409), the
     *         {@code nacos} user of a database laid out by an older version
     */
    public final boolean createAdminUser(String password) {
        URI uri = http.uri(adminUserPath());
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(NodeHttp.form(Map.of("password", password))).build());
        if (response.statusCode() == 200) {
            return !response.body().contains("have admin user");
        }
        if (response.statusCode() == 409) {
            return false;
        }
        throw new NacosApiException("POST " + uri + " answered " + response.statusCode());   // the body may hold the password
    }

    /** Where this generation makes the first admin user. */
    abstract String adminUserPath();

    /** Whether the node answers its readiness check: it serves its APIs and its modules are ready. */
    public final boolean isReady() {
        try {
            return unready().isEmpty();
        } catch (NacosApiException e) {
            return false;
        }
    }

    /**
     * Empty when the node passes its readiness check; else what it answered, e.g. {@code "naming not in
     * readiness"}: a node up but not serving, told apart from one that does not answer, which throws.
     */
    public abstract Optional<String> unready();

    /** The version this node runs, as it says, e.g. {@code 2.0.4}. */
    public abstract String serverVersion();

    /** The cluster's members as this node sees them. */
    public abstract List<ClusterMember> members();

    /**
     * The 1.x-to-2.x upgrade state of a 2.0.x node (upgraded, isAll20XVersion, isDoubleWriteEnabled,
     * v1 and v2 counts). Empty where there is no such state: 1.x, 2.2 on, 3.x.
     */
    public abstract Optional<JsonNode> upgradeMetrics();

    /**
     * Changes a naming switch for the cluster (Nacos stores it through its consistency protocol),
     * e.g. {@code doubleWriteEnabled=false} once a 1.x-to-2.x upgrade is over.
     */
    public abstract void setSwitch(String entry, String value);

    /**
     * The same on this node only, without the consistency protocol. Why: a node stuck in
     * 1.x-compatible mode is exactly one whose protocols disagree with its peers, and turning its
     * double write off locally is what switches it to 2.x mode.
     */
    public abstract void setSwitchOnThisNode(String entry, String value);

    /** Asks raft group {@code group} to hand its leadership to the member whose raft endpoint is {@code raftAddress}. */
    public abstract void transferRaftLeader(String group, String raftAddress);

    /** Removes an empty service of {@code group}. */
    public abstract void deleteService(String serviceName, String group);

    /**
     * Config {@code dataId} of {@code group} (public namespace) as this node serves it to a client,
     * with its MD5; empty where the node holds no such config.
     */
    public abstract Optional<ServedConfig> config(String dataId, String group);

    /** Publishes (creates or replaces) config {@code dataId} of {@code group}. */
    public abstract void publishConfig(String dataId, String group, String content);

    /** Deletes config {@code dataId} of {@code group}. */
    public abstract void deleteConfig(String dataId, String group);

    /** Registers one ephemeral instance over HTTP, as an HTTP client of the node's generation does. */
    public void registerInstance(String serviceName, String group, String ip, int port) {
        instanceCall("POST", serviceName, group, ip, port);
    }

    public void deregisterInstance(String serviceName, String group, String ip, int port) {
        instanceCall("DELETE", serviceName, group, ip, port);
    }

    /** Registers ({@code POST}) or deregisters ({@code DELETE}) one ephemeral instance. */
    abstract void instanceCall(String method, String serviceName, String group, String ip, int port);

    /**
     * Sends one beat for an ephemeral instance of the default group over HTTP, as a 1.x client's
     * beat thread does. A beat for an instance the node does not hold is a failure.
     */
    public abstract void beat(String serviceName, String ip, int port);

    /**
     * The SDK clients connected to this node over gRPC: each connection's reported version (e.g.
     * {@code Nacos-Java-Client:v2.0.4}) and module ({@code naming}, {@code config}). None on 1.x.
     */
    public abstract List<GrpcConnection> grpcConnections();

    /** The instances of a service this node serves, healthy or not. */
    public abstract List<RegisteredInstance> instances(String serviceName);

    /** The naming clients this node holds, each with the instances it registered (2.2 and later). */
    public abstract List<ConnectedClient> connectedClients();

    /** The services of {@code group} ("" for all) in this node's catalog with their instance counts (all pages). */
    abstract List<ServiceSummary> services(String group);

    /** Registers one ephemeral instance of the default group. */
    public void registerInstance(String serviceName, String ip, int port) {
        registerInstance(serviceName, DEFAULT_GROUP, ip, port);
    }

    /** Every service in this node's catalog with its instance counts (all pages). */
    public List<ServiceSummary> services() {
        return services("");
    }

    /** The services of {@code group} in this node's catalog with their instance counts (all pages). */
    public List<ServiceSummary> servicesIn(String group) {
        return services(group).stream().filter(s -> s.group().equals(group)).toList();
    }

    /**
     * Whether this node serves in 2.x mode. A 2.0.x cluster starts in 1.x-compatible mode and
     * refuses gRPC (2.x) clients until every member is 2.x and it has switched ({@code upgraded}).
     * Versions without the upgrade state answer from what they are.
     */
    public boolean servesIn2xMode(int generation) {
        return generation >= 2 && upgradeMetrics().map(m -> m.path("upgraded").asBoolean()).orElse(true);
    }

    /** {@code GET actuator/prometheus}: the node's metrics in Prometheus's text format, where exposed. */
    public String prometheus() {
        HttpRequest request = http.get("actuator/prometheus");
        HttpResponse<String> response = http.send(request);
        if (response.statusCode() != 200) {
            throw new NacosApiException(request.uri() + " answered " + response.statusCode());
        }
        return response.body();
    }

    /**
     * Whether the node's gRPC port for clients (its HTTP port plus 1000) accepts a connection, as a 2.x
     * client's first step does. Where it does not (a firewall, a port mapping that left it out) while
     * HTTP answers, 2.x clients fail with "Client not connected" (alibaba/nacos #6207, #8250).
     */
    public boolean acceptsGrpcClients() {
        URI base = http.base();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort() + GRPC_CLIENT_OFFSET),
                    (int) NodeHttp.TIMEOUT.toMillis());
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The raft endpoint of the node answering on {@code httpAddress}: Nacos puts it at the HTTP port less 1000. */
    public static String raftAddressOf(String httpAddress) {
        int colon = httpAddress.lastIndexOf(':');
        return httpAddress.substring(0, colon) + ":" + (Integer.parseInt(httpAddress.substring(colon + 1)) - 1000);
    }

    /** One gRPC connection a node holds: the version its client reported, its module, its address. */
    public record GrpcConnection(String version, String module, String clientIp) {
    }

    /** A call that failed: refused, timed out, or answered with an error. */
    public static class NacosApiException extends RuntimeException {
        public NacosApiException(String message) {
            super(message);
        }
    }

    /**
     * The node answered 410 Gone: the API is switched off or removed there (a 3.x node without its
     * v1 and v2 APIs), so asking again will not help while it runs that version.
     */
    public static final class ApiGone extends NacosApiException {
        public ApiGone(String message) {
            super(message);
        }
    }
}
