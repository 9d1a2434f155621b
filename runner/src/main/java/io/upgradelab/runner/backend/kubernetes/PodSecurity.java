package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSecurityContextBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.List;

/**
 * The security context of every pod the lab creates or renders, in one place, so that a cluster
 * enforcing the Pod Security Standards' "restricted" profile runs the lab's own pods as they are,
 * and what the Nacos pods cannot have is written down where they are built.
 *
 * <p>The lab's pods (the fleet, the probe, the demo providers, the runner Job) run the lab image as
 * its non-root user {@value #LAB_USER} (user and group {@code upgrade-lab}), with no privilege
 * escalation, every capability dropped, the runtime's default seccomp profile and a read-only root
 * file system. What they write goes to emptyDir volumes: {@code /tmp} (the JVM's hsperfdata, temporary
 * files) and the image's working directory {@link ClusterManifests#SERVE_DIR} (a served process's
 * user.home, client logs and caches, the probe's output); the runner's run directories are its own
 * volume, mounted below that directory.
 *
 * <p>The Nacos pods run the official image, {@code nacos/nacos-server}, which runs as root (its
 * Dockerfile has no {@code USER}) and whose start script, {@code bin/docker-startup.sh}, writes
 * {@code /home/nacos/conf/cluster.conf} from {@code NACOS_SERVERS} into the image's own {@code conf}
 * directory (beside the {@code application.properties} and {@code nacos-logback.xml} it then reads),
 * its GC log and heap dumps under {@code /home/nacos/logs}, and Nacos its data under
 * {@code /home/nacos/data} and caches under the user's home. So they get what does not need the
 * image changed: no privilege escalation, every capability dropped (root needs none to write files it
 * owns or to listen on ports above 1024) and the default seccomp profile; but not
 * {@code runAsNonRoot} (written {@code false}, so a reviewer sees it: as another user the script
 * could not write {@code conf/cluster.conf}) and not a read-only root file system (an emptyDir over
 * {@code conf} would hide the files the image puts there). Both would need an image of the team's own,
 * or an init container copying {@code conf} to a volume; not done.
 */
public final class PodSecurity {

    /** The lab image's user and group: {@code upgrade-lab}, 65532 (the distroless "nonroot" number). */
    public static final long LAB_USER = 65532;
    /** Where every container of the lab image may write temporary files. */
    public static final String TMP = "/tmp";
    static final String TMP_VOLUME = "tmp";
    static final String WORK_VOLUME = "work";

    private PodSecurity() {
    }

    /** A lab pod's: non-root as {@value #LAB_USER}, its volumes writable by that group, RuntimeDefault seccomp. */
    public static PodSecurityContext labPod() {
        return new PodSecurityContextBuilder()
                .withRunAsNonRoot(true).withRunAsUser(LAB_USER).withRunAsGroup(LAB_USER).withFsGroup(LAB_USER)
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
                .build();
    }

    /** A Nacos pod's: RuntimeDefault seccomp; root, as the official image needs (see the class comment). */
    public static PodSecurityContext nacosPod() {
        return new PodSecurityContextBuilder()
                .withRunAsNonRoot(false)   // the image runs as root and its start script writes into the image
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile()
                .build();
    }

    /** A container's: no privilege escalation, no capability, and a read-only root file system where it can be. */
    public static SecurityContext container(boolean readOnlyRoot) {
        return new SecurityContextBuilder()
                .withAllowPrivilegeEscalation(false)
                .withNewCapabilities().withDrop("ALL").endCapabilities()
                .withReadOnlyRootFilesystem(readOnlyRoot)
                .build();
    }

    /** The writable emptyDir volumes of a lab pod: {@code /tmp} and the working directory. */
    public static List<Volume> labVolumes() {
        return List.of(new VolumeBuilder().withName(TMP_VOLUME).withNewEmptyDir().endEmptyDir().build(),
                new VolumeBuilder().withName(WORK_VOLUME).withNewEmptyDir().endEmptyDir().build());
    }

    /** Where a lab container mounts {@link #labVolumes}. */
    public static List<VolumeMount> labMounts() {
        return List.of(new VolumeMountBuilder().withName(TMP_VOLUME).withMountPath(TMP).build(),
                new VolumeMountBuilder().withName(WORK_VOLUME).withMountPath(ClusterManifests.SERVE_DIR).build());
    }
}
