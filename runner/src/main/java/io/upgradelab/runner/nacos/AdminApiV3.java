package io.upgradelab.runner.nacos;

import static io.upgradelab.runner.nacos.NodeHttp.abbreviate;
import static io.upgradelab.runner.nacos.NodeHttp.encode;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lab's calls in Nacos 3.x's APIs: the admin API ({@code v3/admin}, auth on by default: the
 * lab's clusters take their server identity, a team's cluster a user's token) and the client API
 * ({@code v3/client}) where the lab acts as a client would. 3.0 and 3.1 keep the v1 and v2 APIs
 * behind compatibility switches, off by default for the admin and console ones; 3.2 removed them,
 * so the lab never asks a 3.x node in them. Answers are {@code {code, message, data}}: code 0 is
 * success, whatever the HTTP status.
 */
final class AdminApiV3 extends NacosApi {

    /**
     * The codes of a {@code Result} that say the thing asked for is not there (Nacos's ErrorCode
     * RESOURCE_NOT_FOUND, INSTANCE_NOT_FOUND, SERVICE_NOT_EXIST, and 20404 of the config API).
     */
    private static final List<Integer> NOT_FOUND = List.of(20004, 20404, 21003, 21008);

    AdminApiV3(String hostPort, NacosAuth auth) {
        super(new NodeHttp(hostPort, auth, "v3/auth/user/login"));
    }

    /** {@code GET v3/admin/core/state/readiness}: every module of the node is ready, or the answer's message names those not. */
    @Override
    public Optional<String> unready() {
        HttpResponse<String> response = http.send(http.get("v3/admin/core/state/readiness"));
        JsonNode answer = tree(response);
        if (response.statusCode() == 200 && answer.path("code").asInt(-1) == 0) {
            return Optional.empty();
        }
        String message = answer.path("message").asText("");
        return Optional.of(message.isEmpty() ? response.statusCode() + " " + abbreviate(response.body()) : message);
    }

    /** {@code GET v3/admin/core/state}. */
    @Override
    public String serverVersion() {
        String version = data(http.get("v3/admin/core/state")).path("version").asText("");
        if (version.isEmpty()) {
            throw new NacosApiException(http.uri("v3/admin/core/state") + " names no version");
        }
        return version;
    }

    /** {@code GET v3/admin/core/cluster/node/list}: the members, described as in 1.x and 2.x. */
    @Override
    public List<ClusterMember> members() {
        List<ClusterMember> members = new ArrayList<>();
        data(http.get("v3/admin/core/cluster/node/list")).forEach(m -> members.add(ApiShapes.member(m)));
        return members;
    }

    /** 3.x has no 1.x-compatible mode, so no upgrade state. */
    @Override
    public Optional<JsonNode> upgradeMetrics() {
        return Optional.empty();
    }

    /** {@code PUT v3/admin/ns/ops/switches}. */
    @Override
    public void setSwitch(String entry, String value) {
        putSwitch(entry, value, false);
    }

    /** The same with {@code debug=true}. */
    @Override
    public void setSwitchOnThisNode(String entry, String value) {
        putSwitch(entry, value, true);
    }

    private void putSwitch(String entry, String value, boolean thisNodeOnly) {
        Map<String, String> form = new LinkedHashMap<>(Map.of("entry", entry, "value", value));
        form.put("debug", Boolean.toString(thisNodeOnly));
        data(http.request("v3/admin/ns/ops/switches").header("Content-Type", "application/x-www-form-urlencoded")
                .PUT(NodeHttp.form(form)).build());
    }

    /** {@code POST v3/admin/core/ops/raft} transferLeader. */
    @Override
    public void transferRaftLeader(String group, String raftAddress) {
        String body = "{\"groupId\":\"" + group + "\",\"command\":\"transferLeader\",\"value\":\"" + raftAddress + "\"}";
        data(http.request("v3/admin/core/ops/raft").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    /** {@code DELETE v3/admin/ns/service}. */
    @Override
    public void deleteService(String serviceName, String group) {
        data(http.request("v3/admin/ns/service?" + encode(Map.of("serviceName", serviceName, "groupName", group)))
                .DELETE().build());
    }

    /** {@code GET v3/client/cs/config}: what a client is served, with its MD5; empty where the node has no such config. */
    @Override
    public Optional<ServedConfig> config(String dataId, String group) {
        HttpRequest request = http.get("v3/client/cs/config?" + encode(configKey(dataId, group)));
        return dataUnlessNotFound(request).map(c -> new ServedConfig(c.path("content").asText(), c.path("md5").asText("")));
    }

    /** {@code POST v3/admin/cs/config}. */
    @Override
    public void publishConfig(String dataId, String group, String content) {
        Map<String, String> form = configKey(dataId, group);
        form.put("content", content);
        data(http.request("v3/admin/cs/config").header("Content-Type", "application/x-www-form-urlencoded")
                .POST(NodeHttp.form(form)).build());
    }

    /** {@code DELETE v3/admin/cs/config}. */
    @Override
    public void deleteConfig(String dataId, String group) {
        data(http.request("v3/admin/cs/config?" + encode(configKey(dataId, group))).DELETE().build());
    }

    private static Map<String, String> configKey(String dataId, String group) {
        Map<String, String> key = ApiShapes.configKey(dataId, group);
        key.put("groupName", group);
        return key;
    }

    /** {@code POST} or {@code DELETE} {@code v3/client/ns/instance}. */
    @Override
    void instanceCall(String method, String serviceName, String group, String ip, int port) {
        URI uri = http.uri("v3/client/ns/instance?" + encode(ApiShapes.instanceForm(serviceName, group, ip, port)));
        data(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody())
                .build());
    }

    /** 3.x has no HTTP heartbeats: its clients hold a gRPC connection. */
    @Override
    public void beat(String serviceName, String ip, int port) {
        throw new NacosApiException(http.base() + ": Nacos 3.x takes no HTTP beats (the 1.x client protocol)");
    }

    /** {@code GET v3/admin/core/loader/current}. */
    @Override
    public List<GrpcConnection> grpcConnections() {
        return ApiShapes.connections(data(http.get("v3/admin/core/loader/current")));
    }

    /** {@code GET v3/admin/ns/instance/list} of the default group; none where the node has no such service. */
    @Override
    public List<RegisteredInstance> instances(String serviceName) {
        return dataUnlessNotFound(http.get("v3/admin/ns/instance/list?healthyOnly=false&"
                + encode(Map.of("serviceName", serviceName, "groupName", DEFAULT_GROUP))))
                .map(ApiShapes::instanceList).orElse(List.of());   // a service not there yet has no instances
    }

    /** {@code v3/admin/ns/client/list}, then each client's detail and published instances. */
    @Override
    public List<ConnectedClient> connectedClients() {
        return ApiShapes.clients(http, "v3/admin/ns/client", p -> new ConnectedClient.Published(
                p.path("serviceName").asText(), p.path("publisherInfo").path("ip").asText(),
                p.path("publisherInfo").path("port").asInt()));
    }

    /** {@code GET v3/admin/ns/service/list}, page by page, empty services included. */
    @Override
    List<ServiceSummary> services(String group) {
        return ApiShapes.services(page -> data(http.get("v3/admin/ns/service/list?withInstances=false"
                + "&ignoreEmptyService=false&pageSize=" + ApiShapes.PAGE + "&pageNo=" + page
                + (group.isEmpty() ? "" : "&groupNameParam=" + encode(group)))), "pageItems", "totalCount");
    }

    /** The {@code data} of a successful answer; any other answer fails with what the node said. */
    private JsonNode data(HttpRequest request) {
        HttpResponse<String> response = http.send(request);
        return answer(request, response).orElseThrow(() -> new NacosApiException(request.method() + " "
                + request.uri() + " answered " + response.statusCode() + ": " + abbreviate(response.body())));
    }

    /** The {@code data} of a successful answer; empty where the node says it has no such thing. */
    private Optional<JsonNode> dataUnlessNotFound(HttpRequest request) {
        return answer(request, http.send(request));
    }

    private static Optional<JsonNode> answer(HttpRequest request, HttpResponse<String> response) {
        JsonNode answer = tree(response);
        int code = answer.path("code").asInt(-1);
        if (response.statusCode() == 200 && code == 0) {
            return Optional.of(answer.path("data"));
        }
        if (response.statusCode() == 404 || NOT_FOUND.contains(code)) {
            return Optional.empty();
        }
        throw new NacosApiException(request.method() + " " + request.uri() + " answered " + response.statusCode()
                + ": " + abbreviate(response.body()));
    }

    /** The answer's JSON, or a missing node when it is none. */
    private static JsonNode tree(HttpResponse<String> response) {
        try {
            return NodeHttp.JSON.readTree(response.body());
        } catch (java.io.IOException e) {
            return NodeHttp.JSON.missingNode();
        }
    }

    /** {@code POST v3/auth/user/admin}. */
    @Override
    String adminUserPath() {
        return "v3/auth/user/admin";
    }
}
