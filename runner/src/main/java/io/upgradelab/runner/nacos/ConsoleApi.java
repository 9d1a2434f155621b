package io.upgradelab.runner.nacos;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.runner.nacos.NacosApi.NacosApiException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

/**
 * The lab's calls to a Nacos 3.x console that runs as a process of its own ({@code
 * nacos.deployment.type=console}): its v3 console API at the root of its port, as a person's browser
 * calls it, logged in as a user of the cluster. The console holds no data: every answer is a call it
 * made to the nodes, so an answer here says the split console reaches them.
 * A console does not take the nodes' server identity, only a user's token.
 */
public final class ConsoleApi {

    private static final String LOGIN = "v3/auth/user/login";
    private static final int MESSAGE_LENGTH = 240;
    private static final int MESSAGE_HEAD = 100;

    private final NodeHttp http;

    /** The console at {@code hostPort}, called as {@code user}. */
    public ConsoleApi(String hostPort, NacosCredentials user) {
        this.http = new NodeHttp(URI.create("http://" + hostPort + "/"), NacosAuth.of(Optional.of(user)), LOGIN);
    }

    /**
     * {@code GET v3/console/health/readiness}, which the console answers by asking a node: its status
     * and message as given, for a person and a probe to see (3.1.0's console asks a path its nodes do
     * not serve, and is never ready).
     */
    public Answer readiness() {
        HttpResponse<String> response = http.send(http.get("v3/console/health/readiness"));
        JsonNode body = tree(response.body());
        String message = body.path("data").isTextual() ? body.path("data").asText() : body.path("message").asText("");
        return new Answer(response.statusCode(), plain(message.isEmpty() ? response.body() : message));
    }

    /**
     * {@code message} as text (a node's error page nested in it loses its tags), its start and its end
     * kept when long: the console puts the node's own words, the part that explains, last.
     */
    static String plain(String message) {
        String text = message.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").trim();
        return text.length() <= MESSAGE_LENGTH ? text
                : text.substring(0, MESSAGE_HEAD) + " ... " + text.substring(text.length() - (MESSAGE_LENGTH - MESSAGE_HEAD));
    }

    /** {@code GET v3/console/core/cluster/nodes}: how many members the console lists. */
    public int members() {
        return data("v3/console/core/cluster/nodes").size();
    }

    /** {@code GET v3/console/ns/service/list} of namespace {@code public}: how many services the console lists. */
    public int services() {
        return data("v3/console/ns/service/list?pageNo=1&pageSize=1&namespaceId=public").path("totalCount").asInt();
    }

    private JsonNode data(String path) {
        HttpRequest request = http.get(path);
        JsonNode answer = http.json(request);
        if (answer.path("code").asInt(-1) != 0) {
            throw new NacosApiException(request.uri() + " answered code " + answer.path("code").asText()
                    + ": " + NodeHttp.abbreviate(answer.path("message").asText("")));
        }
        return answer.path("data");
    }

    private static JsonNode tree(String body) {
        try {
            return NodeHttp.JSON.readTree(body);
        } catch (IOException e) {
            return NodeHttp.JSON.missingNode();
        }
    }

    /** An HTTP status and the console's message. */
    public record Answer(int status, String message) {

        public boolean ok() {
            return status == 200;
        }
    }
}
