package io.upgradelab.runner.fleet;

import io.upgradelab.runner.nacos.NacosCredentials;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The real Dubbo demo providers the probe calls, each on a fixed port, so a restart on the other
 * client generation comes back where the consumer expects it.
 */
public final class DemoProviders implements AutoCloseable {

    /** The demo application's name in the registry. */
    public static final String APPLICATION = "upgrade-lab-demo";

    private final String servers;
    private final Optional<NacosCredentials> login;
    private final Path directory;
    private final Consumer<String> progress;
    private final List<DemoProviderProcess> running = new ArrayList<>();
    private final List<Integer> restarts = new ArrayList<>();

    private DemoProviders(String servers, Optional<NacosCredentials> login, Path directory, Consumer<String> progress) {
        this.servers = servers;
        this.login = login;
        this.directory = directory;
        this.progress = progress;
    }

    /** Starts {@code count} demo providers of {@code generation} on ports from {@code firstPort}. */
    public static DemoProviders start(int count, String generation, String servers, Optional<NacosCredentials> login,
                                      int firstPort, Path directory, Consumer<String> progress) {
        DemoProviders demo = new DemoProviders(servers, login, directory, progress);
        try {
            for (int i = 0; i < count; i++) {
                demo.restarts.add(0);
                demo.running.add(demo.launch(i, generation, firstPort + i));
            }
        } catch (RuntimeException e) {
            demo.close();
            throw e;
        }
        return demo;
    }

    public synchronized int size() {
        return running.size();
    }

    /** Each demo provider's client generation, in order. */
    public synchronized List<String> generations() {
        return running.stream().map(DemoProviderProcess::generation).toList();
    }

    /** How many demo providers are alive. */
    public synchronized int alive() {
        return (int) running.stream().filter(DemoProviderProcess::isAlive).count();
    }

    /** Stops demo provider {@code index} gracefully and starts it again on {@code generation}, same port. */
    public void restart(int index, String generation) {
        DemoProviderProcess old;
        synchronized (this) {
            old = running.get(index);
        }
        old.close();
        DemoProviderProcess next = launch(index, generation, old.port());
        synchronized (this) {
            running.set(index, next);
        }
    }

    private DemoProviderProcess launch(int index, String generation, int port) {
        int restart = restarts.set(index, restarts.get(index) + 1);
        return DemoProviderProcess.start(generation, servers, login, port, APPLICATION,
                directory.resolve("demo-provider-" + (index + 1)).resolve(restart + "-" + generation), progress);
    }

    @Override
    public synchronized void close() {
        running.forEach(DemoProviderProcess::close);
    }
}
