package io.upgradelab.runner.backend;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Container image names as Docker and Kubernetes parse them ({@code [registry[:port]/]path[:tag][@digest]}),
 * checked when the experiment is validated: a name they refuse would otherwise pass {@code validate} and fail
 * only at {@code run}, after the namespace or the first container was created. Why here: the kubernetes and
 * the testcontainers backends take images, and both name them through {@link NacosImages}.
 */
public final class ImageNames {

    /** The longest repository name the registry API takes. */
    static final int LONGEST = 255;

    private static final String COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
    private static final String DOMAIN = "(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*"
            + "[a-zA-Z0-9])?)*(?::[0-9]{1,5})?/)";
    private static final Pattern REPOSITORY = Pattern.compile(DOMAIN + "?" + COMPONENT + "(?:/" + COMPONENT + ")*");
    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");
    private static final Pattern DIGEST = Pattern.compile("[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-fA-F]{32,}");

    private ImageNames() {
    }

    /** What is wrong with {@code repository}, an image name without tag or digest (the lab adds its tag), if anything. */
    public static Optional<String> repositoryProblem(String repository) {
        if (repository.length() > LONGEST || !REPOSITORY.matcher(repository).matches()) {
            return Optional.of("'" + repository + "' is not an image name without its tag (the lab adds :v<version>):"
                    + " lower-case letters, digits and . _ - between /, e.g. nacos/nacos-server or"
                    + " registry.example.com:5000/nacos/nacos-server, at most " + LONGEST + " characters");
        }
        return Optional.empty();
    }

    /** What is wrong with {@code reference}, a whole image reference (a tag or digest allowed), if anything. */
    public static Optional<String> referenceProblem(String reference) {
        String name = reference;
        String digest = null;
        int at = name.indexOf('@');
        if (at >= 0) {
            digest = name.substring(at + 1);
            name = name.substring(0, at);
        }
        String tag = null;
        int colon = name.lastIndexOf(':');
        if (colon > name.lastIndexOf('/')) {
            tag = name.substring(colon + 1);
            name = name.substring(0, colon);
        }
        boolean valid = name.length() <= LONGEST && REPOSITORY.matcher(name).matches()
                && (tag == null || TAG.matcher(tag).matches()) && (digest == null || DIGEST.matcher(digest).matches());
        return valid ? Optional.empty() : Optional.of("'" + reference + "' is not an image reference: NAME[:TAG][@DIGEST],"
                + " e.g. upgrade-lab:0.1.0 or registry.example.com/team/upgrade-lab:0.1.0 (names in lower case)");
    }
}
