package io.upgradelab.runner.observe.signals;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * An endpoint's health, asked with a GET every sample: healthy when it answers in time with the status given (any
 * 2xx by default) and, where given, a body holding a text ({@code "UP"}).
 *
 * @param url      the endpoint
 * @param status   the status that counts as healthy; 0 for any 2xx
 * @param contains a text the body must hold to count as healthy; null for any body
 * @param timeout  how long an answer may take; longer is unhealthy
 */
@JsonClassDescription("An endpoint's health: a GET at 'url' each sample, healthy when it answers within 'timeout'"
        + " with 'status' (any 2xx by default) and, where given, a body holding 'contains'.")
public record HttpSignal(
        @JsonProperty(required = true) @SchemaRef("httpUrl")
        @JsonPropertyDescription("The endpoint, e.g. http://127.0.0.1:8080/actuator/health.") String url,
        @SchemaRef("httpStatus") @JsonPropertyDescription("The status that counts as healthy. Default: any 2xx.") int status,
        @JsonPropertyDescription("A text the body must hold, e.g. UP. Default: any body.") String contains,
        @JsonPropertyDescription("How long an answer may take. Default 2s.") Duration timeout) {

    public HttpSignal {
        timeout = timeout == null ? Duration.ofSeconds(2) : timeout;
    }

    /** Whether an answer of {@code code} with {@code body} counts as healthy. */
    public boolean healthy(int code, String body) {
        boolean statusOk = status == 0 ? code / 100 == 2 : code == status;
        return statusOk && (contains == null || body.contains(contains));
    }
}
