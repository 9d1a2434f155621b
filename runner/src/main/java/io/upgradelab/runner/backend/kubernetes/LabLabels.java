package io.upgradelab.runner.backend.kubernetes;

import io.upgradelab.runner.Provenance;
import io.upgradelab.runner.backend.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The labels of everything the lab creates or renders: Kubernetes' recommended
 * {@code app.kubernetes.io/*} labels, so that dashboards, {@code kubectl get -l}, cost reports and
 * admission policies that key on them see the lab's resources as any well-kept application's.
 *
 * <p>Two sets, on purpose. {@link #selector} ({@code name} and {@code managed-by}) is what every
 * label selector of the lab uses (a StatefulSet's or Deployment's {@code selector}, a NetworkPolicy's
 * pod selector, the backend's own pod and volume lookups): those values never change for a resource,
 * which matters because a StatefulSet's selector cannot be changed at all. {@link #of} adds
 * {@code instance}, {@code version}, {@code component} and {@code part-of} for the metadata alone.
 * {@code version} is the one that moves: the Nacos pods carry the version of Nacos they run, which a
 * rolling upgrade changes (the backend rewrites it with the StatefulSet's image), so it is never in a
 * selector.
 */
public final class LabLabels {

    public static final String NAME = "app.kubernetes.io/name";
    public static final String INSTANCE = "app.kubernetes.io/instance";
    public static final String VERSION = "app.kubernetes.io/version";
    public static final String COMPONENT = "app.kubernetes.io/component";
    public static final String PART_OF = "app.kubernetes.io/part-of";
    public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
    /** Who manages every resource: {@code app.kubernetes.io/managed-by=upgrade-lab}. */
    public static final String LAB = "upgrade-lab";
    /** The larger application every resource belongs to. */
    public static final String PROJECT = "nacos-upgrade-lab";
    /** The six recommended labels every resource carries. */
    public static final List<String> RECOMMENDED = List.of(NAME, INSTANCE, VERSION, COMPONENT,
            PART_OF, MANAGED_BY);
    /** A label value's longest length. */
    private static final int MAX_VALUE = 63;

    private LabLabels() {
    }

    /** The labels selectors use: {@code name} and {@code managed-by}, which never change for a resource. */
    public static Map<String, String> selector(String name) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(NAME, name);
        labels.put(MANAGED_BY, LAB);
        return labels;
    }

    /**
     * Every recommended label of resource {@code name}: {@link #selector}, then the target's instance
     * ({@link #instance}), {@code component}, {@code part-of} and {@code version} (the version of what
     * runs in it: Nacos's for the Nacos pods, the lab's for the rest, {@link #labVersion}).
     */
    public static Map<String, String> of(Target target, String name, String component, String version) {
        Map<String, String> labels = selector(name);
        labels.put(INSTANCE, instance(target));
        labels.put(VERSION, value(version));
        labels.put(COMPONENT, component);
        labels.put(PART_OF, PROJECT);
        return labels;
    }

    /** {@link #of} with the lab's own version: every resource but the Nacos pods'. */
    public static Map<String, String> lab(Target target, String name, String component) {
        return of(target, name, component, labVersion());
    }

    /**
     * {@code app.kubernetes.io/instance}: the experiment's name ({@code kubernetes.instance}, set by the
     * experiment), else the namespace (a target built without an experiment, in tests).
     */
    public static String instance(Target target) {
        String instance = target.kubernetes().instance();
        return value(instance != null ? instance : target.kubernetes().namespace());
    }

    /** This build's version ({@link Provenance}), {@code latest} when it has none: the lab image's default tag too. */
    public static String labVersion() {
        String version = Provenance.toolVersion();
        return version.equals("unknown") || version.startsWith("${") ? "latest" : version;
    }

    /**
     * {@code text} as a label value takes it: at most 63 characters of letters, digits, {@code -_.},
     * beginning and ending with a letter or digit (others become {@code -}, the ends are trimmed).
     */
    static String value(String text) {
        String v = text.replaceAll("[^A-Za-z0-9._-]", "-");
        v = v.length() > MAX_VALUE ? v.substring(0, MAX_VALUE) : v;
        return v.replaceAll("^[^A-Za-z0-9]+", "").replaceAll("[^A-Za-z0-9]+$", "");
    }
}
