package io.upgradelab.runner.experiment;

/**
 * Nacos nodes as Docker containers of the official images, through Testcontainers:
 * {@code target.backend: testcontainers}.
 *
 * @param image the Nacos server image without its tag (default {@code nacos/nacos-server}); the tag is {@code v<version>}
 */
public record ContainersTarget(String image) {

    public ContainersTarget {
        image = image == null ? "nacos/nacos-server" : image;
    }
}
