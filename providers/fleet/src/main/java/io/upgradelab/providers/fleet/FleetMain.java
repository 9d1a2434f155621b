package io.upgradelab.providers.fleet;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The fleet as a process of its own: starts empty, listens for the runner on 127.0.0.1, and prints
 * {@code fleet control on 127.0.0.1:PORT} once it does.
 */
@Command(name = "provider-fleet", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Virtual Dubbo providers on the real nacos-client versions of its classpath, side by side,"
                + " driven over a loopback control channel.")
public final class FleetMain implements Callable<Integer> {

    @Option(names = "--servers", required = true, paramLabel = "ADDRS",
            description = "Nacos nodes, comma-separated, all on 127.0.0.x (e.g. 127.0.0.1:8848,127.0.0.1:8858).")
    String servers;

    @Option(names = "--services", defaultValue = "140", description = "Dubbo interfaces to spread over (default: ${DEFAULT-VALUE}).")
    int services;

    @Option(names = "--providers-per-client", defaultValue = "140", paramLabel = "K",
            description = "Providers per virtual process, i.e. per Nacos client (default: ${DEFAULT-VALUE}).")
    int providersPerClient;

    @Option(names = "--first-port", defaultValue = "30000",
            description = "Dubbo port of virtual process 0; process p uses FIRST+p (default: ${DEFAULT-VALUE}).")
    int firstPort;

    @Option(names = "--beat-threads", defaultValue = "1",
            description = "1.x beat threads per client (default: ${DEFAULT-VALUE}).")
    int beatThreads;

    @Option(names = "--control-port", defaultValue = "0",
            description = "Port of the control channel on 127.0.0.1; 0 picks a free one (default).")
    int controlPort;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FleetMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Fleet fleet = new Fleet(new FleetLayout(services, providersPerClient, firstPort, "upgrade-lab-fleet"),
                new ClientSettings(servers, beatThreads));
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stop = () -> {
            fleet.close();
            stopped.countDown();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(fleet::close, "fleet-shutdown"));
        try (FleetControlServer control = new FleetControlServer(fleet, controlPort, stop)) {
            control.start();
            System.out.println("fleet control on 127.0.0.1:" + control.port());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }
}
