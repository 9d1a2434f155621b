package io.upgradelab.runner.nacos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The few Nacos open-API calls the lab needs, against one node, over plain HTTP.
 *
 * <p>Deliberately not the nacos-client: the lab observes servers from outside, the way an operator
 * would, so what it reports does not depend on the client version under test.
 */
public final class NacosApi {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final int CATALOG_PAGE = 500;
    public static final String DEFAULT_GROUP = "DEFAULT_GROUP";
    /** A config being written answers 409 for a moment: tries before that is a failure, and the pause between. */
    private static final int CONFIG_BUSY_ATTEMPTS = 3;
    private static final Duration CONFIG_BUSY_PAUSE = Duration.ofMillis(100);
    private static final String UPGRADE_METRICS = "v1/ns/upgrade/ops/metrics?json=true";
    /** A member's readiness for the switch to 2.x mode in its extendInfo (2.0 and 2.1). */
    private static final String READY_TO_UPGRADE = "readyToUpgrade";
    /** Nacos 2.x serves gRPC clients at its HTTP port plus this. */
    private static final int GRPC_CLIENT_OFFSET = 1000;
    /** A beat's answer for an instance the node does not hold (Nacos's NamingResponseCode.RESOURCE_NOT_FOUND). */
    private static final int INSTANCE_NOT_FOUND = 20404;
    /** Nacos's default token lifetime (nacos.core.auth.default.token.expire.seconds), when a login does not say. */
    private static final Duration DEFAULT_TOKEN_TTL = Duration.ofHours(5);
    /** A token this close to its end is renewed before use. */
    private static final Duration TOKEN_MARGIN = Duration.ofMinutes(1);

    private static final String AUTHORIZATION = "Authorization";
    private static final String BEARER = "Bearer ";

    /** Tokens by node and user, shared by every NacosApi of the process: a login per token lifetime, not per call. */
    private static final Map<String, AccessToken> TOKENS = new ConcurrentHashMap<>();

    /**
     * One HTTP client for every node and call: a client per call opened a connection and a selector
     * thread each time, a cost the observed nodes and the runner paid every round.
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();

    private final URI base;
    private final Optional<NacosCredentials> credentials;

    /** A client of the node at {@code hostPort} without auth. */
    public NacosApi(String hostPort) {
        this(hostPort, Optional.empty());
    }

    /**
     * A client of the node at {@code hostPort} that, given {@code credentials}, logs in and sends
     * the access token with every call, as Nacos requires once {@code nacos.core.auth.enabled} is on.
     */
    public NacosApi(String hostPort, Optional<NacosCredentials> credentials) {
        this.base = URI.create("http://" + hostPort + "/nacos/");
        this.credentials = credentials;
    }

    /** {@code GET v1/console/health/readiness}: true when the node answers 200. */
    public boolean isReady() {
        try {
            return send(get("v1/console/health/readiness")).statusCode() == 200;
        } catch (NacosApiException e) {
            return false;
        }
    }

    /** {@code GET v1/console/server/state}: the version this node runs, as it says, e.g. {@code 2.0.4}. */
    public String serverVersion() {
        String version = json(get("v1/console/server/state")).path("version").asText("");
        if (version.isEmpty()) {
            throw new NacosApiException(base + "v1/console/server/state names no version");
        }
        return version;
    }

    /** {@code GET actuator/prometheus}: the node's metrics in Prometheus's text format, where exposed. */
    public String prometheus() {
        HttpRequest request = get("actuator/prometheus");
        HttpResponse<String> response = send(request);
        if (response.statusCode() != 200) {
            throw new NacosApiException(request.uri() + " answered " + response.statusCode());
        }
        return response.body();
    }

    /** The cluster's members as this node sees them. */
    public List<ClusterMember> members() {
        List<ClusterMember> members = new ArrayList<>();
        for (JsonNode m : json(get("v1/core/cluster/nodes")).path("data")) {
            JsonNode extendInfo = m.path("extendInfo");
            Map<String, String> leaders = new LinkedHashMap<>();
            extendInfo.path("raftMetaData").path("metaDataMap").fields().forEachRemaining(
                    group -> leaders.put(group.getKey(), group.getValue().path("leader").asText("")));
            JsonNode ready = extendInfo.path(READY_TO_UPGRADE);
            members.add(new ClusterMember(m.path("address").asText(), m.path("ip").asText(),
                    m.path("port").asInt(), m.path("state").asText(),
                    extendInfo.path("version").asText(""), leaders, ready.isBoolean() ? ready.asBoolean() : null));
        }
        return members;
    }

    /**
     * {@code GET v1/ns/upgrade/ops/metrics?json=true}: the 1.x-to-2.x upgrade state of a 2.0.x node
     * (upgraded, isAll20XVersion, isDoubleWriteEnabled, v1 and v2 counts). Empty where there is no
     * such endpoint: 1.x answers 404, and 2.2 on 501 "no such api", having no 1.x mode to leave.
     */
    public Optional<JsonNode> upgradeMetrics() {
        HttpRequest request = get(UPGRADE_METRICS);
        HttpResponse<String> response = send(request);
        if (response.statusCode() == 404 || response.statusCode() == 501) {
            return Optional.empty();
        }
        return Optional.of(parse(request, response));
    }

    /**
     * Whether this node serves in 2.x mode. A 2.0.x cluster starts in 1.x-compatible mode and
     * refuses gRPC (2.x) clients until every member is 2.x and it has switched ({@code upgraded}).
     * Versions without the upgrade endpoint (1.x, and 2.2 on, which answers 501 "no such api") answer
     * from what they are.
     */
    public boolean servesIn2xMode(int generation) {
        return generation >= 2 && upgradeMetrics().map(m -> m.path("upgraded").asBoolean()).orElse(true);
    }

    /**
     * {@code PUT v1/ns/operator/switches?entry=ENTRY&value=VALUE}: changes a naming switch for the
     * cluster (Nacos stores it through its consistency protocol), e.g. {@code doubleWriteEnabled=false}
     * once a 1.x-to-2.x upgrade is over.
     */
    public void setSwitch(String entry, String value) {
        putSwitch(entry, value, "");
    }

    /**
     * The same with {@code debug=true}: the switch changes on this node only, without the consistency
     * protocol. Why: a node stuck in 1.x-compatible mode is exactly one whose protocols disagree with
     * its peers, and turning its double write off locally is what switches it to 2.x mode.
     */
    public void setSwitchOnThisNode(String entry, String value) {
        putSwitch(entry, value, "&debug=true");
    }

    private void putSwitch(String entry, String value, String scope) {
        URI uri = base.resolve("v1/ns/operator/switches?entry=" + encode(entry) + "&value=" + encode(value) + scope);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .PUT(HttpRequest.BodyPublishers.noBody()).build();
        HttpResponse<String> response = send(request);
        if (response.statusCode() != 200) {
            throw new NacosApiException("PUT " + uri + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
        }
    }

    /**
     * {@code POST v1/core/ops/raft} transferLeader: asks raft group {@code group} to hand its
     * leadership to the member whose raft endpoint is {@code raftAddress} ({@code ip:port}).
     */
    public void transferRaftLeader(String group, String raftAddress) {
        String body = "{\"groupId\":\"" + group + "\",\"command\":\"transferLeader\",\"value\":\"" + raftAddress + "\"}";
        HttpRequest request = HttpRequest.newBuilder(base.resolve("v1/core/ops/raft")).timeout(TIMEOUT)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> response = send(request);
        if (response.statusCode() != 200) {
            throw new NacosApiException("POST " + request.uri() + " (" + body + ") answered " + response.statusCode()
                    + ": " + abbreviate(response.body()));
        }
    }

    /**
     * Whether the node's gRPC port for clients (its HTTP port plus 1000) accepts a connection, as a 2.x
     * client's first step does. Where it does not (a firewall, a port mapping that left it out) while
     * HTTP answers, 2.x clients fail with "Client not connected" (alibaba/nacos #6207, #8250).
     */
    public boolean acceptsGrpcClients() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort() + GRPC_CLIENT_OFFSET),
                    (int) TIMEOUT.toMillis());
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

    /**
     * {@code DELETE v1/ns/service}: removes an empty service. A 1.x node keeps an emptied service
     * until its auto-clean (a minute or more), and 2.0.4 counts it in the v1 model only, which holds
     * back upgraded=true until the two models agree.
     */
    public void deleteService(String serviceName, String group) {
        URI uri = base.resolve("v1/ns/service?" + encode(Map.of("serviceName", serviceName, "groupName", group)));
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .DELETE().build());
        if (response.statusCode() != 200) {
            throw new NacosApiException("DELETE " + uri + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
        }
    }

    /**
     * {@code GET v1/cs/configs}: config {@code dataId} of {@code group} (public namespace) as this node
     * serves it to a client, with its {@code Content-MD5}; empty where the node answers 404 "config
     * data not exist". A 409 (1.x: "requested file is being modified, please try later") is tried
     * again {@link #CONFIG_BUSY_ATTEMPTS} times, then thrown as any other failure.
     */
    public Optional<ServedConfig> config(String dataId, String group) {
        URI uri = base.resolve("v1/cs/configs?" + encode(configKey(dataId, group)));
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build());
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
            pauseBriefly();
        }
    }

    /** {@code POST v1/cs/configs}: publishes (creates or replaces) config {@code dataId} of {@code group}. */
    public void publishConfig(String dataId, String group, String content) {
        Map<String, String> form = configKey(dataId, group);
        form.put("content", content);
        URI uri = base.resolve("v1/cs/configs");
        configAnswer("POST " + uri + " (" + dataId + ")", send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(form))).build()));
    }

    /** {@code DELETE v1/cs/configs}: deletes config {@code dataId} of {@code group}. */
    public void deleteConfig(String dataId, String group) {
        URI uri = base.resolve("v1/cs/configs?" + encode(configKey(dataId, group)));
        configAnswer("DELETE " + uri, send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).DELETE().build()));
    }

    private static Map<String, String> configKey(String dataId, String group) {
        Map<String, String> key = new LinkedHashMap<>();
        key.put("dataId", dataId);
        key.put("group", group);
        return key;
    }

    /** A config write succeeded only when the node answers 200 {@code true}. */
    private static void configAnswer(String call, HttpResponse<String> response) {
        if (response.statusCode() != 200 || !"true".equals(response.body().trim())) {
            throw new NacosApiException(call + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
        }
    }

    private static void pauseBriefly() {
        try {
            Thread.sleep(CONFIG_BUSY_PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NacosApiException("interrupted");
        }
    }

    /** Registers one ephemeral instance over HTTP, as a 1.x client does. */
    public void registerInstance(String serviceName, String ip, int port) {
        registerInstance(serviceName, DEFAULT_GROUP, ip, port);
    }

    public void registerInstance(String serviceName, String group, String ip, int port) {
        instanceCall("POST", serviceName, group, ip, port);
    }

    public void deregisterInstance(String serviceName, String group, String ip, int port) {
        instanceCall("DELETE", serviceName, group, ip, port);
    }

    private void instanceCall(String method, String serviceName, String group, String ip, int port) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("serviceName", serviceName);
        form.put("groupName", group);
        form.put("ip", ip);
        form.put("port", Integer.toString(port));
        form.put("ephemeral", "true");
        URI uri = base.resolve("v1/ns/instance?" + encode(form));
        HttpResponse<String> response = send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .method(method, HttpRequest.BodyPublishers.noBody()).build());
        if (response.statusCode() != 200) {
            throw new NacosApiException(method + " " + base + "v1/ns/instance answered " + response.statusCode()
                    + ": " + abbreviate(response.body()));
        }
    }

    /**
     * Sends one beat for an ephemeral instance of the default group over HTTP ({@code PUT
     * v1/ns/instance/beat}), as a 1.x client's beat thread does. A beat for an instance the node does
     * not hold (code 20404, after which a 1.x client registers again) is a failure.
     */
    public void beat(String serviceName, String ip, int port) {
        String grouped = DEFAULT_GROUP + "@@" + serviceName;
        Map<String, String> form = new LinkedHashMap<>();
        form.put("serviceName", grouped);
        form.put("ip", ip);
        form.put("port", Integer.toString(port));
        form.put("beat", JSON.createObjectNode().put("serviceName", grouped).put("ip", ip).put("port", port)
                .put("cluster", "DEFAULT").put("weight", 1.0).put("scheduled", false).toString());
        HttpRequest request = HttpRequest.newBuilder(base.resolve("v1/ns/instance/beat?" + encode(form)))
                .timeout(TIMEOUT).PUT(HttpRequest.BodyPublishers.noBody()).build();
        JsonNode answer = parse(request, send(request));
        if (answer.path("code").asInt() == INSTANCE_NOT_FOUND) {
            throw new NacosApiException("PUT " + base + "v1/ns/instance/beat: the node does not hold " + ip + ":" + port
                    + " of " + serviceName + " (code " + INSTANCE_NOT_FOUND + ")");
        }
    }

    /**
     * The SDK clients connected to this node over gRPC ({@code GET v2/core/loader/current}, Nacos
     * 2.x): each connection's reported version (e.g. {@code Nacos-Java-Client:v2.0.4}) and module
     * ({@code naming}, {@code config}). A 1.x node has none and answers 404: empty.
     */
    public List<GrpcConnection> grpcConnections() {
        HttpRequest request = get("v2/core/loader/current");
        HttpResponse<String> response = send(request);
        if (response.statusCode() == 404) {
            return List.of();
        }
        List<GrpcConnection> result = new ArrayList<>();
        parse(request, response).forEach(connection -> {
            JsonNode meta = connection.path("metaInfo");
            result.add(new GrpcConnection(meta.path("version").asText(""), meta.path("labels").path("module").asText(""),
                    meta.path("clientIp").asText("")));
        });
        return result;
    }

    /** One gRPC connection a 2.x node holds: the version its client reported, its module, its address. */
    public record GrpcConnection(String version, String module, String clientIp) {
    }

    /** The instances of a service this node serves, healthy or not. */
    public List<RegisteredInstance> instances(String serviceName) {
        JsonNode hosts = json(get("v1/ns/instance/list?healthyOnly=false&serviceName="
                + URLEncoder.encode(serviceName, StandardCharsets.UTF_8))).path("hosts");
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
     * The naming clients this node holds, each with the instances it registered ({@code v2/ns/client},
     * Nacos 2.2 and later). A client that leaves between the list and its detail is skipped.
     */
    public List<ConnectedClient> connectedClients() {
        List<ConnectedClient> result = new ArrayList<>();
        for (JsonNode id : json(get("v2/ns/client/list")).path("data")) {
            String clientId = encode(id.asText());
            Optional<JsonNode> client = dataUnlessGone("v2/ns/client?clientId=" + clientId);
            Optional<JsonNode> published = dataUnlessGone("v2/ns/client/publish/list?clientId=" + clientId);
            if (client.isPresent() && published.isPresent()) {
                List<ConnectedClient.Published> instances = new ArrayList<>();
                for (JsonNode p : published.get()) {
                    JsonNode instance = p.path("registeredInstance");
                    instances.add(new ConnectedClient.Published(p.path("serviceName").asText(),
                            instance.path("ip").asText(), instance.path("port").asInt()));
                }
                result.add(new ConnectedClient(id.asText(), client.get().path("clientType").asText(),
                        client.get().path("version").asText(""), client.get().path("clientIp").asText(""), instances));
            }
        }
        return result;
    }

    /** The {@code data} of a v2 answer; empty when the node answers 404 (what was asked for is gone). */
    private Optional<JsonNode> dataUnlessGone(String path) {
        HttpRequest request = get(path);
        HttpResponse<String> response = send(request);
        return response.statusCode() == 404 ? Optional.empty() : Optional.of(parse(request, response).path("data"));
    }

    /** Every service in this node's catalog with its instance counts (all pages). */
    public List<ServiceSummary> services() {
        return services("");
    }

    /** The services of {@code group} in this node's catalog with their instance counts (all pages). */
    public List<ServiceSummary> servicesIn(String group) {
        return services(group).stream().filter(s -> s.group().equals(group)).toList();
    }

    private List<ServiceSummary> services(String group) {
        List<ServiceSummary> result = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode answer = json(get("v1/ns/catalog/services?withInstances=false&pageSize=" + CATALOG_PAGE
                    + "&pageNo=" + page + (group.isEmpty() ? "" : "&groupNameParam=" + encode(group))));
            JsonNode list = answer.path("serviceList");
            list.forEach(s -> result.add(new ServiceSummary(s.path("name").asText(), s.path("groupName").asText(),
                    s.path("ipCount").asInt(), s.path("healthyInstanceCount").asInt())));
            if (list.size() < CATALOG_PAGE || result.size() >= answer.path("count").asInt()) {
                return result;
            }
        }
    }

    private HttpRequest get(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).GET().build();
    }

    private JsonNode json(HttpRequest request) {
        return parse(request, send(request));
    }

    private static JsonNode parse(HttpRequest request, HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new NacosApiException(request.uri() + " answered " + response.statusCode() + ": "
                    + abbreviate(response.body()));
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new NacosApiException(request.uri() + " answered no JSON: " + abbreviate(response.body()));
        }
    }

    /**
     * Sends {@code request}, with the access token when there are credentials; a 403 drops the token
     * (it may have expired early, or the node restarted with another key) and the call is tried once
     * more with a fresh one.
     */
    private HttpResponse<String> send(HttpRequest request) {
        if (credentials.isEmpty()) {
            return sendAsIs(request);
        }
        HttpResponse<String> response = sendAsIs(withToken(request, token()));
        if (response.statusCode() == 403) {
            TOKENS.remove(tokenKey());
            response = sendAsIs(withToken(request, token()));
        }
        return response;
    }

    /** A valid token of this node for the credentials' user: cached, or from a login. */
    private String token() {
        AccessToken cached = TOKENS.get(tokenKey());
        if (cached != null && cached.validUntilNanos() - System.nanoTime() > TOKEN_MARGIN.toNanos()) {
            return cached.token();
        }
        NacosCredentials user = credentials.orElseThrow();
        URI uri = base.resolve("v1/auth/users/login");
        HttpRequest login = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(encode(Map.of("username", user.username(),
                        "password", user.password())))).build();
        HttpResponse<String> response = sendAsIs(login);
        if (response.statusCode() != 200) {
            throw new NacosApiException("POST " + uri + " (login as " + user.username() + ") answered "
                    + response.statusCode() + ": " + abbreviate(response.body()));
        }
        JsonNode answer;
        try {
            answer = JSON.readTree(response.body());
        } catch (IOException e) {   // the body is not quoted: an answer to a login may hold the token
            throw new NacosApiException("POST " + uri + " (login as " + user.username() + ") answered no JSON");
        }
        String token = answer.path("accessToken").asText("");
        if (token.isEmpty()) {
            throw new NacosApiException("POST " + uri + " (login as " + user.username() + ") gave no accessToken");
        }
        long ttlSeconds = answer.path("tokenTtl").asLong(DEFAULT_TOKEN_TTL.toSeconds());
        TOKENS.put(tokenKey(), new AccessToken(token, System.nanoTime() + ttlSeconds * 1_000_000_000L));
        return token;
    }

    /** Node, user and password (in memory only): a changed password is a new login, not an old token. */
    private String tokenKey() {
        return base + " " + credentials.map(c -> c.username() + " " + c.password()).orElse("");
    }

    /**
     * The request with the token in its {@code Authorization} header, never in its URL: a URL reaches
     * the node's access log, and this class's messages, which can reach the journal and the terminal.
     * Both 1.4.1 and 2.0.4 read {@code Authorization: Bearer <token>} first on HTTP calls
     * ({@code console/src/main/java/com/alibaba/nacos/console/security/nacos/NacosAuthManager.java},
     * {@code resolveToken(HttpServletRequest)}, and {@code JwtAuthenticationTokenFilter} for console
     * pages); only then the {@code accessToken} parameter. 2.0.4 reads an {@code accessToken} header
     * on gRPC requests only, not on HTTP ones.
     */
    private static HttpRequest withToken(HttpRequest request, String token) {
        return HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase(AUTHORIZATION))
                .header(AUTHORIZATION, BEARER + token).build();
    }

    /** An access token and when it stops being valid ({@link System#nanoTime()} scale). */
    private record AccessToken(String token, long validUntilNanos) {
    }

    private HttpResponse<String> sendAsIs(HttpRequest request) {
        LabRequests.count(request.uri());
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new NacosApiException(request.uri() + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NacosApiException(request.uri() + ": interrupted");
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static String abbreviate(String body) {
        String line = body.replaceAll("\\s+", " ").trim();
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }

    /** A call that failed: refused, timed out, or answered with an error. */
    public static final class NacosApiException extends RuntimeException {
        public NacosApiException(String message) {
            super(message);
        }
    }
}
