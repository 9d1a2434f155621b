package io.upgradelab.runner.nacos;

import static io.upgradelab.runner.nacos.NodeHttp.encode;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.nacos.NacosApi.GrpcConnection;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What the v1/v2 APIs of 1.x and 2.x and the v3 APIs of 3.x ask and answer alike: the same forms,
 * the same member, instance and connection shapes, the same paging, under other paths. Written once
 * here so that {@link OpenApiV1} and {@link AdminApiV3} say only where they differ.
 */
final class ApiShapes {

    /** A member's readiness for the switch to 2.x mode in its extendInfo (2.0 and 2.1). */
    private static final String READY_TO_UPGRADE = "readyToUpgrade";
    /** Services asked for per page of a catalog. */
    static final int PAGE = 500;

    private ApiShapes() {
    }

    /** One member as 1.x to 3.x describe it: address, state, and in extendInfo its version, raft leaders, readiness. */
    static ClusterMember member(JsonNode m) {
        JsonNode extendInfo = m.path("extendInfo");
        Map<String, String> leaders = new LinkedHashMap<>();
        extendInfo.path("raftMetaData").path("metaDataMap").fields().forEachRemaining(
                group -> leaders.put(group.getKey(), group.getValue().path("leader").asText("")));
        JsonNode ready = extendInfo.path(READY_TO_UPGRADE);
        return new ClusterMember(m.path("address").asText(), m.path("ip").asText(),
                m.path("port").asInt(), m.path("state").asText(),
                extendInfo.path("version").asText(""), leaders, ready.isBoolean() ? ready.asBoolean() : null);
    }

    /** A config's key as a form: {@code dataId} and {@code group}. */
    static Map<String, String> configKey(String dataId, String group) {
        Map<String, String> key = new LinkedHashMap<>();
        key.put("dataId", dataId);
        key.put("group", group);
        return key;
    }

    /** One ephemeral instance as a form. */
    static Map<String, String> instanceForm(String serviceName, String group, String ip, int port) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("serviceName", serviceName);
        form.put("groupName", group);
        form.put("ip", ip);
        form.put("port", Integer.toString(port));
        form.put("ephemeral", "true");
        return form;
    }

    /** The connections of a loader answer, keyed by connection id, as 2.x and 3.x give them. */
    static List<GrpcConnection> connections(JsonNode byId) {
        List<GrpcConnection> result = new ArrayList<>();
        byId.forEach(connection -> {
            JsonNode meta = connection.path("metaInfo");
            result.add(new GrpcConnection(meta.path("version").asText(""), meta.path("labels").path("module").asText(""),
                    meta.path("clientIp").asText("")));
        });
        return result;
    }

    /** Instances as an instance list gives them, healthy or not, with their metadata. */
    static List<RegisteredInstance> instanceList(JsonNode hosts) {
        List<RegisteredInstance> result = new ArrayList<>();
        for (JsonNode h : hosts) {
            Map<String, String> metadata = new LinkedHashMap<>();
            h.path("metadata").fields().forEachRemaining(e -> metadata.put(e.getKey(), e.getValue().asText()));
            result.add(new RegisteredInstance(h.path("ip").asText(), h.path("port").asInt(),
                    h.path("healthy").asBoolean(), metadata));
        }
        return result;
    }

    /**
     * The naming clients under {@code clientPath} ({@code v2/ns/client}, or 3.x's {@code
     * v3/admin/ns/client}: the same calls), each published instance read by {@code instance} from
     * its entry (the two generations shape it differently). A client that leaves between the list and
     * its detail is skipped.
     */
    static List<ConnectedClient> clients(NodeHttp http, String clientPath,
                                         Function<JsonNode, ConnectedClient.Published> instance) {
        List<ConnectedClient> result = new ArrayList<>();
        for (JsonNode id : http.json(http.get(clientPath + "/list")).path("data")) {
            String clientId = encode(id.asText());
            Optional<JsonNode> client = dataUnlessGone(http, clientPath + "?clientId=" + clientId);
            Optional<JsonNode> published = dataUnlessGone(http, clientPath + "/publish/list?clientId=" + clientId);
            if (client.isPresent() && published.isPresent()) {
                List<ConnectedClient.Published> instances = new ArrayList<>();
                published.get().forEach(p -> instances.add(instance.apply(p)));
                result.add(new ConnectedClient(id.asText(), client.get().path("clientType").asText(),
                        client.get().path("version").asText(""), client.get().path("clientIp").asText(""), instances));
            }
        }
        return result;
    }

    /** The {@code data} of a v2 or v3 answer; empty when the node answers 404 (what was asked for is gone). */
    private static Optional<JsonNode> dataUnlessGone(NodeHttp http, String path) {
        HttpRequest request = http.get(path);
        HttpResponse<String> response = http.send(request);
        return response.statusCode() == 404 ? Optional.empty() : Optional.of(NodeHttp.parse(request, response).path("data"));
    }

    /**
     * Every service of a catalog with its instance counts, page by page: {@code page} answers page n
     * (from 1, {@link #PAGE} services each), whose {@code items} lists them and {@code total} counts all.
     */
    static List<ServiceSummary> services(IntFunction<JsonNode> page, String items, String total) {
        List<ServiceSummary> result = new ArrayList<>();
        for (int n = 1; ; n++) {
            JsonNode answer = page.apply(n);
            JsonNode list = answer.path(items);
            list.forEach(s -> result.add(new ServiceSummary(s.path("name").asText(), s.path("groupName").asText(),
                    s.path("ipCount").asInt(), s.path("healthyInstanceCount").asInt())));
            if (list.size() < PAGE || result.size() >= answer.path(total).asInt()) {
                return result;
            }
        }
    }
}
