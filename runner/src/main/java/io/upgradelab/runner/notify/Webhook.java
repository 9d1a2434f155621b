package io.upgradelab.runner.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A chat's incoming webhook told how a run ended and what the gate said: one POST of Slack's message shape
 * ({@code {"text": ...}}, which Mattermost, Rocket.Chat and Teams' Slack-compatible hooks take too), so a team
 * hears of a failed upgrade gate where it talks, not only in a pipeline's log. A webhook's URL is a secret (it
 * carries its token): it is named in the environment ({@code env:NAME}) rather than on the command line, and
 * only its scheme and host are ever shown.
 *
 * @param uri where to post
 */
public record Webhook(URI uri) {

    /** How long a post may take; a chat that does not answer in time costs the run nothing but a warning. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The webhook {@code given} names: {@code env:NAME} (the URL in that environment variable, as a secret should
     * be given) or the URL itself; an http or https URL with a host. Invalid input (exit 2) otherwise, before the
     * run starts.
     */
    public static Webhook parse(String given, Map<String, String> environment) {
        String text = given;
        if (given.startsWith("env:")) {
            String name = given.substring("env:".length());
            text = environment.get(name);
            if (text == null || text.isBlank()) {
                throw LabException.invalidInput("--notify " + given + ": the environment variable " + name
                        + " is not set (it holds the webhook's URL)");
            }
        }
        try {
            URI uri = new URI(text.strip());
            if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new URISyntaxException(shown(uri), "not an http or https URL with a host");
            }
            return new Webhook(uri);
        } catch (URISyntaxException e) {
            throw LabException.invalidInput("--notify " + (given.startsWith("env:") ? given : "URL") + ": "
                    + e.getReason() + " (e.g. env:SLACK_WEBHOOK_URL, the variable holding https://hooks.slack.com/...)");
        }
    }

    /** "https://hooks.slack.com": what may be shown of it; its path and query carry its token. */
    public String shown() {
        return shown(uri);
    }

    private static String shown(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    /** Posts {@code text}; empty when the chat took it (2xx), else why not, to be warned of. */
    public Optional<String> post(String text) {
        try {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                    .header("Content-Type", "application/json; charset=utf-8")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("text", text))))
                    .build();
            HttpResponse<Void> response = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()
                    .send(request, HttpResponse.BodyHandlers.discarding());
            return response.statusCode() / 100 == 2 ? Optional.empty()
                    : Optional.of(shown() + " answered " + response.statusCode());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            return Optional.of(shown() + " could not be reached: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(shown() + ": interrupted");
        }
    }
}
