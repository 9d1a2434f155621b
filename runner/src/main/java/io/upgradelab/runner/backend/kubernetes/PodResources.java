package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.upgradelab.runner.HeapSizes;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.dubbo.DubboJvm;

/**
 * The CPU and memory requests and limits of every container the lab creates or renders, worked out
 * from the heaps the lab already sets ({@code target.serverHeap}, {@code fleet.heap}, a Dubbo program's
 * {@link DubboJvm#HEAP}, the serving JVM's {@link ClusterManifests#SERVE_HEAP}), so that the scheduler
 * places the pods where they fit and a namespace with a ResourceQuota or a LimitRange takes them, and so
 * that changing a heap in the experiment changes its pod's memory with it.
 *
 * <p>Memory: a request of the heaps plus room for what a JVM holds besides ({@link #JVM_ROOM} per JVM:
 * metaspace, threads, code cache), a limit above it. Nacos's limit is twice its heap plus 512 MiB:
 * its gRPC server (Netty) may take as much direct memory as the heap by default, and a node OOM-killed
 * while overloaded would hide the overload the lab measures. CPU: a request of what the pod needs idle
 * and a limit of what it may burst to.
 */
public final class PodResources {

    /** What a JVM holds besides its heap, at least: metaspace, threads' stacks, code cache. */
    static final long JVM_ROOM = 192L << 20;
    /** The runner's memory; its heap is a share of it ({@link #RUNNER_HEAP_PERCENT}). */
    static final long RUNNER_MEMORY = 1L << 30;
    /** The runner JVM's heap, as a share of its container's memory limit ({@code -XX:MaxRAMPercentage}). */
    static final int RUNNER_HEAP_PERCENT = 50;

    private PodResources() {
    }

    /** A Nacos node: heap plus 512 MiB requested, half a core; up to twice the heap plus 512 MiB and two cores. */
    public static ResourceRequirements nacos(Target target) {
        long heap = HeapSizes.bytes(target.serverHeap());
        return of("500m", heap + (512L << 20), "2", 2 * heap + (512L << 20));
    }

    /**
     * A pod of the lab image running {@code upgrade-lab serve}: the serving JVM and the served one, whose
     * heap is {@code servedHeap}; {@code cpuRequest} and {@code cpuLimit} as the program's load needs.
     */
    public static ResourceRequirements served(String servedHeap, String cpuRequest, String cpuLimit) {
        long heaps = HeapSizes.bytes(servedHeap) + HeapSizes.bytes(ClusterManifests.SERVE_HEAP);
        return of(cpuRequest, heaps + 2 * JVM_ROOM, cpuLimit, heaps + 4 * JVM_ROOM);
    }

    /** The runner Job's one JVM: {@link #RUNNER_MEMORY}, a quarter of a core requested, a core at most. */
    public static ResourceRequirements runner() {
        return of("250m", RUNNER_MEMORY, "1", RUNNER_MEMORY);
    }

    /** {@code cpu} and {@code memory} (bytes, written in MiB) requested and limited. */
    static ResourceRequirements of(String cpuRequest, long memoryRequest, String cpuLimit, long memoryLimit) {
        return new ResourceRequirementsBuilder()
                .addToRequests("cpu", new Quantity(cpuRequest))
                .addToRequests("memory", new Quantity(mebibytes(memoryRequest)))
                .addToLimits("cpu", new Quantity(cpuLimit))
                .addToLimits("memory", new Quantity(mebibytes(memoryLimit)))
                .build();
    }

    /** A Kubernetes quantity in MiB, e.g. {@code 1536Mi}. */
    static String mebibytes(long bytes) {
        return Math.max(1, bytes >> 20) + "Mi";
    }
}
