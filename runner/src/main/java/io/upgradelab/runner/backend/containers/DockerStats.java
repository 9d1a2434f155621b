package io.upgradelab.runner.backend.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.MemoryStatsConfig;
import com.github.dockerjava.api.model.Statistics;
import com.github.dockerjava.api.model.StatsConfig;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NodeResources;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * CPU and memory of containers from the engine's stats ({@code docker stats}), through the Docker
 * client Testcontainers holds.
 *
 * <p>CPU is the container's CPU time between two samples of the same container over the time between
 * them; the first sample uses the engine's own previous reading (about a second earlier). Memory is
 * what {@code docker stats} shows: usage less the inactive page cache.
 */
final class DockerStats {

    private static final long ANSWER_SECONDS = 30;

    private final DockerClient docker;
    private final Map<String, CpuReading> previous = new ConcurrentHashMap<>();

    DockerStats(DockerClient docker) {
        this.docker = docker;
    }

    /** One sample of container {@code id}; takes about a second (the engine reads twice). */
    NodeResources sample(String id) {
        Statistics stats = fetch(id);
        CpuReading now = CpuReading.of(stats.getCpuStats() == null || stats.getCpuStats().getCpuUsage() == null ? null
                : stats.getCpuStats().getCpuUsage().getTotalUsage(), stats.getRead());
        CpuReading last = previous.put(id, now);
        if (last == null) {
            last = CpuReading.of(stats.getPreCpuStats() == null || stats.getPreCpuStats().getCpuUsage() == null ? null
                    : stats.getPreCpuStats().getCpuUsage().getTotalUsage(), stats.getPreread());
        }
        return new NodeResources(now.percentOfOneCoreSince(last), memoryInUse(stats.getMemoryStats()));
    }

    /** Forgets a container that is gone. */
    void forget(String id) {
        previous.remove(id);
    }

    /** Usage less inactive file pages, as {@code docker stats} computes it on cgroup v1 and v2. */
    static long memoryInUse(MemoryStatsConfig memory) {
        if (memory == null || memory.getUsage() == null) {
            return 0;
        }
        StatsConfig detail = memory.getStats();
        Long inactive = detail == null ? null
                : detail.getTotalInactiveFile() != null ? detail.getTotalInactiveFile() : detail.getInactiveFile();
        return memoryInUse(memory.getUsage(), inactive == null ? 0 : inactive);
    }

    static long memoryInUse(long usage, long inactiveFile) {
        return inactiveFile < usage ? usage - inactiveFile : usage;
    }

    private Statistics fetch(String id) {
        AtomicReference<Statistics> answer = new AtomicReference<>();
        try (ResultCallback.Adapter<Statistics> callback = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Statistics stats) {
                answer.set(stats);
            }
        }) {
            docker.statsCmd(id).withNoStream(true).exec(callback);
            if (!callback.awaitCompletion(ANSWER_SECONDS, TimeUnit.SECONDS) || answer.get() == null) {
                throw new LabException(LabException.FAILED, "container " + id + ": docker stats gave no answer within "
                        + ANSWER_SECONDS + " s");
            }
            return answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException(LabException.INTERRUPTED, "interrupted");
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "container " + id + ": docker stats: " + e.getMessage());
        }
    }
}
