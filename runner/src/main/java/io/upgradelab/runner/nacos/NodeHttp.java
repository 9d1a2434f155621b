package io.upgradelab.runner.nacos;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The HTTP side of every call the lab makes to one node, whatever the API generation: one client,
 * timeouts, the counting of the lab's own requests, and auth (a token from a login, or the
 * cluster's server identity), so that each generation's calls say only paths and shapes.
 */
final class NodeHttp {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** Nacos's default token lifetime (nacos.core.auth.default.token.expire.seconds), when a login does not say. */
    private static final Duration DEFAULT_TOKEN_TTL = Duration.ofHours(5);
    /** A token this close to its end is renewed before use. */
    private static final Duration TOKEN_MARGIN = Duration.ofMinutes(1);
    private static final String AUTHORIZATION = "Authorization";
    private static final String BEARER = "Bearer ";

    /** Tokens by node and user, shared by every client of the process: a login per token lifetime, not per call. */
    private static final Map<String, AccessToken> TOKENS = new ConcurrentHashMap<>();

    /**
     * One HTTP client for every node and call: a client per call opened a connection and a selector
     * thread each time, a cost the observed nodes and the runner paid every round.
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();

    private final URI base;
    private final NacosAuth auth;
    /** Where this generation logs a user in, relative to {@link #base}. */
    private final String loginPath;

    NodeHttp(String hostPort, NacosAuth auth, String loginPath) {
        this(URI.create("http://" + hostPort + "/nacos/"), auth, loginPath);
    }

    /** Calls relative to {@code base}: a node's {@code /nacos/}, or the root of a 3.x console's port. */
    NodeHttp(URI base, NacosAuth auth, String loginPath) {
        this.base = base;
        this.auth = auth;
        this.loginPath = loginPath;
    }

    URI base() {
        return base;
    }

    URI uri(String path) {
        return base.resolve(path);
    }

    HttpRequest get(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT).GET().build();
    }

    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(TIMEOUT);
    }

    /** A form, URL-encoded, for a body or a query. */
    static HttpRequest.BodyPublisher form(Map<String, String> form) {
        return HttpRequest.BodyPublishers.ofString(encode(form));
    }

    JsonNode json(HttpRequest request) {
        return parse(request, send(request));
    }

    static JsonNode parse(HttpRequest request, HttpResponse<String> response) {
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
     * Sends {@code request}: with the cluster's server identity where the lab holds it (its own 3.x
     * clusters), else with the access token when there are credentials; a 403 drops the token (it may
     * have expired early, or the node restarted with another key) and the call is tried once more
     * with a fresh one.
     */
    HttpResponse<String> send(HttpRequest request) {
        if (auth.identity().isPresent()) {
            NacosAuth.ServerIdentity identity = auth.identity().get();
            return sendAsIs(HttpRequest.newBuilder(request, (name, value) -> true)
                    .header(identity.key(), identity.value()).build());
        }
        if (auth.credentials().isEmpty()) {
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
        NacosCredentials user = auth.credentials().orElseThrow();
        URI uri = base.resolve(loginPath);
        HttpRequest login = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(form(Map.of("username", user.username(), "password", user.password()))).build();
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
        return base + " " + auth.credentials().map(c -> c.username() + " " + c.password()).orElse("");
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

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    static String encode(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    static String abbreviate(String body) {
        String line = body.replaceAll("\\s+", " ").trim();
        return line.length() <= 200 ? line : line.substring(0, 200) + "...";
    }

    /** Fails, naming {@code call} and what the node said, unless the node answered 200. */
    static void requireOk(String call, HttpResponse<String> response) {
        if (response.statusCode() == GONE) {
            throw new NacosApi.ApiGone(call + " answered " + GONE + ": " + abbreviate(response.body()));
        }
        if (response.statusCode() != 200) {
            throw new NacosApiException(call + " answered " + response.statusCode() + ": " + abbreviate(response.body()));
        }
    }

    /** HTTP 410: what a 3.x node answers for an API its compatibility switches turned off. */
    private static final int GONE = 410;

    static void pauseBriefly(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NacosApiException("interrupted");
        }
    }
}
