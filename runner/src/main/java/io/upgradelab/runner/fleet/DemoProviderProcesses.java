package io.upgradelab.runner.fleet;

import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ProcessAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The real Dubbo demo providers the probe calls as local processes, each on a fixed port, so a
 * restart on another client version comes back where the consumer expects it.
 */
public final class DemoProviderProcesses implements DemoProviders {

    private final String servers;
    private final Optional<NacosCredentials> login;
    private final ProcessAddress address;
    private final Path directory;
    private final Consumer<String> progress;
    private final List<DemoProviderProcess> running = new ArrayList<>();
    private final List<Integer> restarts = new ArrayList<>();

    private DemoProviderProcesses(String servers, Optional<NacosCredentials> login, ProcessAddress address, Path directory,
                          Consumer<String> progress) {
        this.servers = servers;
        this.login = login;
        this.address = address;
        this.directory = directory;
        this.progress = progress;
    }

    /** Starts {@code settings.count} demo providers as {@code settings} say, on ports from {@code firstPort}. */
    public static DemoProviderProcesses start(DemoSettings settings, int firstPort, Path directory,
                                              Consumer<String> progress) {
        DemoProviderProcesses demo = new DemoProviderProcesses(settings.servers(), settings.login(), settings.address(),
                directory, progress);
        try {
            for (int i = 0; i < settings.count(); i++) {
                demo.restarts.add(0);
                demo.running.add(demo.launch(i, settings.client(), firstPort + i));
            }
        } catch (RuntimeException e) {
            demo.close();
            throw e;
        }
        return demo;
    }

    @Override
    public synchronized int size() {
        return running.size();
    }

    @Override
    public synchronized List<String> clientVersions() {
        return running.stream().map(DemoProviderProcess::clientVersion).toList();
    }

    @Override
    public synchronized List<Long> pids() {
        return running.stream().map(DemoProviderProcess::pid).toList();
    }

    @Override
    public synchronized int alive() {
        return (int) running.stream().filter(DemoProviderProcess::isAlive).count();
    }

    /** One by one: each stops gracefully and starts again on nacos-client {@code client}, on the same port. */
    @Override
    public void restart(List<Integer> indexes, String client) {
        indexes.forEach(index -> restart(index, client));
    }

    private void restart(int index, String client) {
        DemoProviderProcess old;
        synchronized (this) {
            old = running.get(index);
        }
        old.close();
        DemoProviderProcess next = launch(index, client, old.port());
        synchronized (this) {
            running.set(index, next);
        }
    }

    private DemoProviderProcess launch(int index, String client, int port) {
        int restart = restarts.set(index, restarts.get(index) + 1);
        return DemoProviderProcess.start(client, servers, login, address, port, APPLICATION,
                directory.resolve("demo-provider-" + (index + 1)).resolve(restart + "-" + client), progress);
    }

    @Override
    public synchronized void close() {
        running.forEach(DemoProviderProcess::close);
    }
}
