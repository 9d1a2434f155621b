package io.upgradelab.runner.backend;

/**
 * The official server image of a Nacos version. Docker Hub's nacos/nacos-server tags releases
 * with a leading {@code v} ({@code v2.0.4}, {@code v1.4.1}); a bare {@code 2.0.4} does not exist
 * there (nacos-group/nacos-docker#246), so every container backend names images through here.
 */
public final class NacosImages {

    private NacosImages() {
    }

    /** {@code repository:v<version>}, e.g. {@code nacos/nacos-server:v2.0.4}. */
    public static String of(String repository, String version) {
        return repository + ":" + tag(version);
    }

    public static String tag(String version) {
        return version.startsWith("v") ? version : "v" + version;
    }

    /** The version an image runs, from its tag: {@code nacos/nacos-server:v2.0.4} is 2.0.4. */
    public static String versionOf(String image) {
        String tag = image.substring(image.lastIndexOf(':') + 1);
        return tag.startsWith("v") ? tag.substring(1) : tag;
    }
}
