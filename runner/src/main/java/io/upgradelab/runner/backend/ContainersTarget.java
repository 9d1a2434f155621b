package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;

/**
 * Nacos nodes as Docker containers of the official images, through Testcontainers:
 * {@code target.backend: testcontainers}.
 *
 * @param image        the Nacos server image without its tag (default {@code nacos/nacos-server}); the tag is {@code v<version>}
 * @param startTimeout how long one container may take from its start to ready, and the cluster to form
 *                     (default 3 minutes; pulling an image is not counted)
 */
@JsonClassDescription("Nacos nodes as Docker containers of the official images (Testcontainers; needs a Docker"
        + " engine). Every host port is bound on 127.0.0.1 only: node n's HTTP port is firstPort + 10 * (n - 1), its"
        + " gRPC ports +1000 and +1001.")
public record ContainersTarget(
        @SchemaRef("text")
        @JsonPropertyDescription("The Nacos server image without its tag; the tag is v<version>. Default"
                + " nacos/nacos-server.")
        String image,
        @JsonPropertyDescription("How long one container may take from its start to ready, and the cluster to form;"
                + " pulling an image is not counted. Default 3m.")
        Duration startTimeout) {

    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);

    public ContainersTarget {
        image = image == null ? "nacos/nacos-server" : image;
        startTimeout = startTimeout == null ? DEFAULT_START_TIMEOUT : startTimeout;
    }

    /** The section as a file that leaves it out has it: every setting at its default. */
    public static ContainersTarget defaults() {
        return new ContainersTarget(null, null);
    }
}
