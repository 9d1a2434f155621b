package io.upgradelab.providers.fleet;

import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.journal.registry.RegistryLogStarted;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.upgradelab.demo.ControlToken;
import org.upgradelab.demo.LabAddress;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The fleet as a process of its own: starts empty, listens for the runner at its own address
 * ({@link LabAddress#own()}, which its providers register too), and prints
 * {@code fleet control on ADDRESS:PORT} once it does. It answers only requests carrying the run's
 * control token, which it takes from its environment ({@link ControlToken#VARIABLE}); without one it
 * does not start (exit 2), for the reasons {@link ControlToken} gives.
 */
@Command(name = "provider-fleet", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Virtual Dubbo providers on the real nacos-client versions of its classpath, side by side,"
                + " driven over a control channel at the fleet's own address.",
        footer = {"", "Environment:",
                "  " + LabAddress.ADDRESS_VARIABLE + "  the fleet's own address: its providers register it, the control channel"
                        + " listens on it (default " + LabAddress.DEFAULT + ")",
                "  " + LabAddress.ALLOW_REMOTE_VARIABLE + "=true  allows addresses off loopback (127.0.0.0/8)",
                "  " + ControlToken.VARIABLE + "  the run's control token (required): every request to the control"
                        + " channel carries it as 'Authorization: Bearer TOKEN', any other is answered 401"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped (POST /stop)", "1:the fleet failed",
                "2:invalid arguments, or no control token in the environment"})
public final class FleetMain implements Callable<Integer> {

    /** The start of the line that says the control channel listens: {@code fleet control on ADDRESS:PORT}. */
    public static final String READY = "fleet control on ";

    @Option(names = "--servers", required = true, paramLabel = "ADDRS",
            description = "Nacos nodes, comma-separated, on loopback unless allowed otherwise (e.g. 127.0.0.11:8848,127.0.0.12:8848).")
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

    @Option(names = "--registry-log", paramLabel = "FILE",
            description = "Write what the registry acknowledged and what the subscribers were pushed to FILE"
                    + " (registry.jsonl, for upgrade-lab check); a new file. Default: not written.")
    java.nio.file.Path registryLog;

    @Option(names = "--subscribed-services", defaultValue = "2", paramLabel = "N",
            description = "With --registry-log: one subscriber per client version the fleet uses follows the first"
                    + " N services; 0 runs none (default: ${DEFAULT-VALUE}).")
    int subscribedServices;

    @Option(names = "--control-port", defaultValue = "0",
            description = "Port of the control channel at the fleet's address; 0 picks a free one (default).")
    int controlPort;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FleetMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        ControlToken token;
        try {
            token = ControlToken.required("the fleet");
        } catch (IllegalStateException | IllegalArgumentException e) {
            System.err.println("provider-fleet: " + e.getMessage());
            return 2;
        }
        String own = LabAddress.own();
        FleetLayout layout = new FleetLayout(services, providersPerClient, firstPort, "upgrade-lab-fleet", own);
        if (subscribedServices < 0) {
            System.err.println("provider-fleet: --subscribed-services " + subscribedServices + ": expected 0 or more");
            return 2;
        }
        RegistryLog.Writer log;
        try {
            log = registryLog == null ? null : RegistryLog.Writer.create(registryLog,
                    new RegistryLogStarted(RegistryLog.FORMAT, List.of(servers.split(",")),
                            Fleet.sampledServices(layout, subscribedServices)));
        } catch (java.io.IOException e) {
            System.err.println("provider-fleet: --registry-log: " + e.getMessage());
            return 2;
        }
        Fleet fleet = new Fleet(layout, new ClientSettings(servers, beatThreads, own), log, subscribedServices);
        CountDownLatch stopped = new CountDownLatch(1);
        Runnable stop = () -> {
            fleet.close();
            stopped.countDown();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(fleet::close, "fleet-shutdown"));
        try (FleetControlServer control = new FleetControlServer(fleet, own, controlPort, token, stop)) {
            control.start();
            System.out.println(READY + own + ":" + control.port());
            System.out.flush();
            stopped.await();
        }
        return 0;
    }
}
