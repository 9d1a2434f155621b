package io.upgradelab.runner.render;

import io.upgradelab.runner.backend.kubernetes.RunnerManifests;
import java.util.stream.Collectors;

/**
 * A kustomize base of an experiment's manifests ({@code render k8s --kustomize}): a
 * {@code kustomization.yaml} listing, as {@code resources:}, the files that run the experiment
 * ({@link ExperimentManifests#applied}), so that {@code kubectl apply -k} applies exactly what
 * {@code kubectl apply -f DIR -l app.kubernetes.io/component=runner} would, and an overlay changes
 * namespace, images or resources with no template language beside the code that made the files.
 *
 * <p>Not listed: the cluster's and the load's files (the runner creates them itself, and refuses to
 * start on a StatefulSet already there), faults/ (each created in its phase), and the Secret with the
 * control token, which no committed file may hold: it is created with {@code kubectl create secret}
 * ({@link #about}).
 */
public final class Kustomization {

    private Kustomization() {
    }

    /** The file's leading comment: what it applies, and the Secret to create first. */
    public static String about() {
        return "A kustomize base: kubectl apply -k applies the namespace and the runner's resources; the runner"
                + " creates the rest.\n# Without the Secret " + RunnerManifests.CONTROL_SECRET + ": create it first, with"
                + " a new token per run: " + createSecret("NAMESPACE");
    }

    /** The command that creates the control token's Secret in {@code namespace}, with a new random token. */
    public static String createSecret(String namespace) {
        return "kubectl -n " + namespace + " create secret generic " + RunnerManifests.CONTROL_SECRET + " --from-literal="
                + RunnerManifests.CONTROL_SECRET_KEY + "=\"$(openssl rand -hex 32)\"";
    }

    /** The {@code kustomization.yaml} of {@code manifests}, without its leading comment. */
    public static String of(ExperimentManifests manifests) {
        return "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n"
                + manifests.applied().stream().map(f -> "  - " + f.path() + "\n").collect(Collectors.joining());
    }
}
