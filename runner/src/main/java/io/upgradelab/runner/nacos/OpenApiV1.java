package io.upgradelab.runner.nacos;

import static io.upgradelab.runner.nacos.NodeHttp.abbreviate;
import static io.upgradelab.runner.nacos.NodeHttp.encode;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lab's calls in the v1 and v2 open APIs of Nacos 1.x and 2.x (3.0 and 3.1 keep the client
 * ones only behind a compatibility switch; 3.2 has none).
 */
final class OpenApiV1 extends NacosApi {

    /** A config being written answers 409 for a moment: tries before that is a failure, and the pause between. */
    private static final int CONFIG_BUSY_ATTEMPTS = 3;
    private static final Duration CONFIG_BUSY_PAUSE = Duration.ofMillis(100);
    private static final String UPGRADE_METRICS = "v1/ns/upgrade/ops/metrics?json=true";
    /** A beat's answer for an instance the node does not hold (Nacos's NamingResponseCode.RESOURCE_NOT_FOUND). */
    private static final int INSTANCE_NOT_FOUND = 20404;

    OpenApiV1(String hostPort, NacosAuth auth) {
        super(new NodeHttp(hostPort, auth, "v1/auth/users/login"));
    }

    /** {@code GET v1/console/health/readiness}: ready when the node answers 200. */
    @Override
    public Optional<String> unready() {
        HttpResponse<String> response = http.send(http.get("v1/console/health/readiness"));
        return response.statusCode() == 200 ? Optional.empty()
                : Optional.of(response.statusCode() + " " + abbreviate(response.body()));
    }

    /** {@code GET v1/console/server/state}. */
    @Override
    public String serverVersion() {
        String version = http.json(http.get("v1/console/server/state")).path("version").asText("");
        if (version.isEmpty()) {
            throw new NacosApiException(http.uri("v1/console/server/state") + " names no version");
        }
        return version;
    }

    /** {@code GET v1/core/cluster/nodes}. */
    @Override
    public List<ClusterMember> members() {
        List<ClusterMember> members = new ArrayList<>();
        for (JsonNode m : http.json(http.get("v1/core/cluster/nodes")).path("data")) {
            members.add(ApiShapes.member(m));
        }
        return members;
    }

    /**
     * {@code GET v1/ns/upgrade/ops/metrics?json=true}: empty where there is no such endpoint: 1.x
     * answers 404, and 2.2 on 501 "no such api", having no 1.x mode to leave.
     */
    @Override
    public Optional<JsonNode> upgradeMetrics() {
        HttpRequest request = http.get(UPGRADE_METRICS);
        HttpResponse<String> response = http.send(request);
        if (response.statusCode() == 404 || response.statusCode() == 501) {
            return Optional.empty();
        }
        return Optional.of(NodeHttp.parse(request, response));
    }

    /** {@code PUT v1/ns/operator/switches?entry=ENTRY&value=VALUE}. */
    @Override
    public void setSwitch(String entry, String value) {
        putSwitch(entry, value, "");
    }

    /** The same with {@code debug=true}. */
    @Override
    public void setSwitchOnThisNode(String entry, String value) {
        putSwitch(entry, value, "&debug=true");
    }

    private void putSwitch(String entry, String value, String scope) {
        URI uri = http.uri("v1/ns/operator/switches?entry=" + encode(entry) + "&value=" + encode(value) + scope);
        NodeHttp.requireOk("PUT " + uri, http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT)
                .PUT(HttpRequest.BodyPublishers.noBody()).build()));
    }

    /** {@code POST v1/core/ops/raft} transferLeader. */
    @Override
    public void transferRaftLeader(String group, String raftAddress) {
        String body = "{\"groupId\":\"" + group + "\",\"command\":\"transferLeader\",\"value\":\"" + raftAddress + "\"}";
        HttpRequest request = http.request("v1/core/ops/raft").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        NodeHttp.requireOk("POST " + request.uri() + " (" + body + ")", http.send(request));
    }

    /**
     * {@code DELETE v1/ns/service}. A 1.x node keeps an emptied service until its auto-clean (a minute
     * or more), and 2.0.4 counts it in the v1 model only, which holds back upgraded=true until the
     * two models agree.
     */
    @Override
    public void deleteService(String serviceName, String group) {
        URI uri = http.uri("v1/ns/service?" + encode(Map.of("serviceName", serviceName, "groupName", group)));
        NodeHttp.requireOk("DELETE " + uri, http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT)
                .DELETE().build()));
    }

    /**
     * {@code GET v1/cs/configs}, with its {@code Content-MD5}; empty where the node answers 404 "config
     * data not exist". A 409 (1.x: "requested file is being modified, please try later") is tried
     * again {@link #CONFIG_BUSY_ATTEMPTS} times, then thrown as any other failure.
     */
    @Override
    public Optional<ServedConfig> config(String dataId, String group) {
        URI uri = http.uri("v1/cs/configs?" + encode(ApiShapes.configKey(dataId, group)));
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT).GET().build());
            if (response.statusCode() == 200) {
                return Optional.of(new ServedConfig(response.body(),
                        response.headers().firstValue("Content-MD5").orElse("")));
            }
            if (response.statusCode() == 404) {
                return Optional.empty();
            }
            if (response.statusCode() != 409 || attempt == CONFIG_BUSY_ATTEMPTS) {
                throw new NacosApiException("GET " + uri + " answered " + response.statusCode() + ": "
                        + abbreviate(response.body()));
            }
            NodeHttp.pauseBriefly(CONFIG_BUSY_PAUSE);
        }
    }

    /** {@code POST v1/cs/configs}. */
    @Override
    public void publishConfig(String dataId, String group, String content) {
        Map<String, String> form = ApiShapes.configKey(dataId, group);
        form.put("content", content);
        URI uri = http.uri("v1/cs/configs");
        configAnswer("POST " + uri + " (" + dataId + ")", http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded").POST(NodeHttp.form(form)).build()));
    }

    /** {@code DELETE v1/cs/configs}. */
    @Override
    public void deleteConfig(String dataId, String group) {
        URI uri = http.uri("v1/cs/configs?" + encode(ApiShapes.configKey(dataId, group)));
        configAnswer("DELETE " + uri, http.send(HttpRequest.newBuilder(uri).timeout(NodeHttp.TIMEOUT).DELETE().build()));
    }

    /** A config write succeeded only when the node answers 200 {@code true}. */
    private static void configAnswer(String call, HttpResponse<String> response) {
        if (response.statusCode() != 200 || !"true".equals(response.body().trim())) {
            throw new NacosApiException(call + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
        }
    }

    /** {@code POST} or {@code DELETE} {@code v1/ns/instance}. */
    @Override
    void instanceCall(String method, String serviceName, String group, String ip, int port) {
        URI uri = http.uri("v1/ns/instance?" + encode(ApiShapes.instanceForm(serviceName, group, ip, port)));
        NodeHttp.requireOk(method + " " + http.uri("v1/ns/instance"), http.send(HttpRequest.newBuilder(uri)
                .timeout(NodeHttp.TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody()).build()));
    }

    /** {@code PUT v1/ns/instance/beat}; code 20404 (after which a 1.x client registers again) is a failure. */
    @Override
    public void beat(String serviceName, String ip, int port) {
        String grouped = DEFAULT_GROUP + "@@" + serviceName;
        Map<String, String> form = new LinkedHashMap<>();
        form.put("serviceName", grouped);
        form.put("ip", ip);
        form.put("port", Integer.toString(port));
        form.put("beat", NodeHttp.JSON.createObjectNode().put("serviceName", grouped).put("ip", ip).put("port", port)
                .put("cluster", "DEFAULT").put("weight", 1.0).put("scheduled", false).toString());
        HttpRequest request = http.request("v1/ns/instance/beat?" + encode(form))
                .PUT(HttpRequest.BodyPublishers.noBody()).build();
        JsonNode answer = http.json(request);
        if (answer.path("code").asInt() == INSTANCE_NOT_FOUND) {
            throw new NacosApiException("PUT " + http.uri("v1/ns/instance/beat") + ": the node does not hold " + ip
                    + ":" + port + " of " + serviceName + " (code " + INSTANCE_NOT_FOUND + ")");
        }
    }

    /** {@code GET v2/core/loader/current}; a 1.x node answers 404: none. */
    @Override
    public List<GrpcConnection> grpcConnections() {
        HttpRequest request = http.get("v2/core/loader/current");
        HttpResponse<String> response = http.send(request);
        if (response.statusCode() == 404) {
            return List.of();
        }
        return ApiShapes.connections(NodeHttp.parse(request, response));
    }

    /** {@code GET v1/ns/instance/list}. */
    @Override
    public List<RegisteredInstance> instances(String serviceName) {
        return ApiShapes.instanceList(http.json(http.get("v1/ns/instance/list?healthyOnly=false&serviceName="
                + URLEncoder.encode(serviceName, StandardCharsets.UTF_8))).path("hosts"));
    }

    /** {@code v2/ns/client/list}, then each client's detail and published instances. */
    @Override
    public List<ConnectedClient> connectedClients() {
        return ApiShapes.clients(http, "v2/ns/client", p -> new ConnectedClient.Published(p.path("serviceName").asText(),
                p.path("registeredInstance").path("ip").asText(), p.path("registeredInstance").path("port").asInt()));
    }

    /** {@code GET v1/ns/catalog/services}, page by page. */
    @Override
    List<ServiceSummary> services(String group) {
        return ApiShapes.services(page -> http.json(http.get("v1/ns/catalog/services?withInstances=false&pageSize="
                + ApiShapes.PAGE + "&pageNo=" + page + (group.isEmpty() ? "" : "&groupNameParam=" + encode(group)))),
                "serviceList", "count");
    }

    /** {@code POST v1/auth/users/admin} (2.4 and later; older versions hold the user nacos from their schema). */
    @Override
    String adminUserPath() {
        return "v1/auth/users/admin";
    }
}
