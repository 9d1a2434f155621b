package io.upgradelab.runner.backend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Image names as Docker and Kubernetes take them, checked at validate rather than found at run. */
class ImageNamesTest {

    @Test
    void repositoriesWithoutATagAreTakenWithARegistryAndAPort() {
        assertThat(ImageNames.repositoryProblem("nacos/nacos-server")).isEmpty();
        assertThat(ImageNames.repositoryProblem("registry.example.com:5000/team/nacos-server")).isEmpty();
        assertThat(ImageNames.repositoryProblem("nacos/nacos-server:v2.0.4")).isPresent();
        assertThat(ImageNames.repositoryProblem("Nacos/Server")).isPresent();
        assertThat(ImageNames.repositoryProblem("nacos//server")).isPresent();
        assertThat(ImageNames.repositoryProblem("a".repeat(256))).isPresent();
    }

    @Test
    void referencesTakeOneTagAndADigest() {
        assertThat(ImageNames.referenceProblem("upgrade-lab:0.1.0")).isEmpty();
        assertThat(ImageNames.referenceProblem("localhost:5000/upgrade-lab")).isEmpty();
        assertThat(ImageNames.referenceProblem("upgrade-lab@sha256:" + "a".repeat(64))).isEmpty();
        assertThat(ImageNames.referenceProblem("upgrade-lab:0.1:0.2")).isPresent();
        assertThat(ImageNames.referenceProblem("upgrade-lab@sha256:xyz")).isPresent();
        assertThat(ImageNames.referenceProblem("upgrade-lab:")).isPresent();
    }
}
