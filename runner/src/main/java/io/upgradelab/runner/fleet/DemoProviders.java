package io.upgradelab.runner.fleet;

import java.util.List;

/**
 * The real Dubbo demo providers the probe calls, as the phases and observers use them, wherever they
 * run: local processes ({@link DemoProviderProcesses}) or pods of the lab image. Numbered from 0; a
 * rolling client upgrade restarts some of them on another client version.
 */
public interface DemoProviders extends AutoCloseable {

    /** The demo application's name in the registry. */
    String APPLICATION = "upgrade-lab-demo";

    int size();

    /** Each demo provider's nacos-client version, in order. */
    List<String> clientVersions();

    /** How many demo providers are alive (serving). */
    int alive();

    /** Demo providers {@code indexes} run on nacos-client {@code client} once this returns; the others serve meanwhile. */
    void restart(List<Integer> indexes, String client);

    /**
     * The local processes' ids, for the lab's own CPU ({@code labFootprint}); none where they run out
     * of the runner's sight (pods).
     */
    default List<Long> pids() {
        return List.of();
    }

    /** Stops them all gracefully: each deregisters before it exits. */
    @Override
    void close();
}
