package io.upgradelab.runner.backend;

import java.time.Duration;

/**
 * Nacos nodes as Docker containers of the official images, through Testcontainers:
 * {@code target.backend: testcontainers}.
 *
 * @param image        the Nacos server image without its tag (default {@code nacos/nacos-server}); the tag is {@code v<version>}
 * @param startTimeout how long one container may take from its start to ready, and the cluster to form
 *                     (default 3 minutes; pulling an image is not counted)
 */
public record ContainersTarget(String image, Duration startTimeout) {

    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);

    public ContainersTarget {
        image = image == null ? "nacos/nacos-server" : image;
        startTimeout = startTimeout == null ? DEFAULT_START_TIMEOUT : startTimeout;
    }

    /** Every default but the image's. */
    public ContainersTarget(String image) {
        this(image, null);
    }
}
