package io.upgradelab.runner.fleet;

import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ProcessAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The real Dubbo demo providers the probe calls, each on a fixed port, so a restart on another
 * client version comes back where the consumer expects it.
 */
public final class DemoProviders implements AutoCloseable {

    /** The demo application's name in the registry. */
    public static final String APPLICATION = "upgrade-lab-demo";

    private final String servers;
    private final Optional<NacosCredentials> login;
    private final ProcessAddress address;
    private final Path directory;
    private final Consumer<String> progress;
    private final List<DemoProviderProcess> running = new ArrayList<>();
    private final List<Integer> restarts = new ArrayList<>();

    private DemoProviders(String servers, Optional<NacosCredentials> login, ProcessAddress address, Path directory,
                          Consumer<String> progress) {
        this.servers = servers;
        this.login = login;
        this.address = address;
        this.directory = directory;
        this.progress = progress;
    }

    /** Starts {@code count} demo providers on nacos-client {@code client} at {@code address}, on ports from {@code firstPort}. */
    public static DemoProviders start(int count, String client, String servers, Optional<NacosCredentials> login,
                                      ProcessAddress address, int firstPort, Path directory, Consumer<String> progress) {
        DemoProviders demo = new DemoProviders(servers, login, address, directory, progress);
        try {
            for (int i = 0; i < count; i++) {
                demo.restarts.add(0);
                demo.running.add(demo.launch(i, client, firstPort + i));
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

    /** Each demo provider's nacos-client version, in order. */
    public synchronized List<String> clientVersions() {
        return running.stream().map(DemoProviderProcess::clientVersion).toList();
    }

    /** How many demo providers are alive. */
    public synchronized int alive() {
        return (int) running.stream().filter(DemoProviderProcess::isAlive).count();
    }

    /** Stops demo provider {@code index} gracefully and starts it again on nacos-client {@code client}, same port. */
    public void restart(int index, String client) {
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
