package io.upgradelab.probe.cli;

import com.sun.net.httpserver.HttpServer;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.probe.DurationConverter;
import io.upgradelab.probe.Phases;
import io.upgradelab.probe.Probe;
import io.upgradelab.probe.ProbeSettings;
import io.upgradelab.probe.ProbeTarget;
import io.upgradelab.probe.ProbeTargetFactory;
import io.upgradelab.probe.output.ConsoleProgress;
import io.upgradelab.probe.output.JtlFile;
import io.upgradelab.probe.output.PrometheusMetrics;
import io.upgradelab.probe.output.SeriesFile;
import io.upgradelab.probe.output.SummaryFile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.upgradelab.demo.ControlToken;
import org.upgradelab.demo.LabAddress;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The probe as a process: a real consumer of the demo service calling at a fixed rate until its
 * duration is over, a {@code POST /stop} on its control port, or SIGTERM; then it lets the calls in
 * flight end, writes summary.json and exits (0 when every call was accounted for). A {@code POST /phase}
 * tells it that a phase of the experiment began, so its JTL labels calls by phase. Its control port
 * answers only requests carrying the run's control token, taken from its environment
 * ({@link ControlToken#VARIABLE}); without one it does not start (exit 2), for the reasons
 * {@link ControlToken} gives.
 */
@Command(name = "upgrade-lab-probe", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Calls the demo service through the Nacos registry at a fixed rate and classes every call:",
            "success, noProvider, timeout, network, other.", "",
            "Writes to --out: series.jsonl (a line per second), results.jtl (JMeter CSV), summary.json (at the end).",
            "Serves at its own address, port --control-port: GET /metrics (Prometheus), POST /stop,",
            "POST /phase ({\"index\":N,\"title\":\"...\",\"at\":\"ISO-8601 time\"}: the JTL labels calls from then on",
            "\"phase N: title\"), GET /state, GET /series?offset=BYTES (series.jsonl from there), GET /summary;",
            "each request with 'Authorization: Bearer TOKEN' (" + ControlToken.VARIABLE + "), any other answered 401."},
        footer = {"", "Environment:",
            "  " + LabAddress.ADDRESS_VARIABLE + "  the probe's own address: its consumer reports it, the control port"
                + " listens on it (default " + LabAddress.DEFAULT + ")",
            "  " + LabAddress.ALLOW_REMOTE_VARIABLE + "=true  allows addresses off loopback (127.0.0.0/8)",
            "  " + ControlToken.VARIABLE + "  the run's control token (required): what every request to the control"
                + " port carries"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every scheduled call was accounted for", "1:the probe failed",
            "2:invalid arguments, or no control token in the environment"})
public final class ProbeCli implements Callable<Integer> {

    /** Printed once the control port listens: {@code probe control on ADDRESS:PORT}. */
    public static final String CONTROL_LINE = "probe control on ";
    /**
     * Printed when the first call is about to be made, ending with the control address:
     * {@code probe calling LABEL at RATE/s for N s (CLIENT, timeout T ms); control ADDRESS:PORT}.
     */
    public static final String CALLING_LINE = "probe calling ";

    @Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--registry", required = true, paramLabel = "HOST:PORT[,HOST:PORT...]",
            description = "Nacos servers, on loopback (127.*) unless " + LabAddress.ALLOW_REMOTE_VARIABLE + "=true")
    private String registry;

    @Option(names = "--rate", defaultValue = "100", paramLabel = "CALLS_PER_SECOND",
            description = "calls per second, scheduled by the clock (default: ${DEFAULT-VALUE})")
    private double rate;

    @Option(names = "--duration", defaultValue = "10m", converter = DurationConverter.class,
            description = "how long to call before stopping by itself, e.g. 90s, 10m, 2h (default: ${DEFAULT-VALUE})")
    private Duration duration;

    @Option(names = "--timeout", defaultValue = "3s", converter = DurationConverter.class,
            description = "the client's call timeout (default: ${DEFAULT-VALUE})")
    private Duration timeout;

    @Option(names = "--warm-up", defaultValue = "10s", converter = DurationConverter.class,
            description = "calls at the same rate, recorded nowhere, before the schedule starts, so that the JIT's "
                    + "warm-up of the client does not show as the system's latency; 0s for none (default: ${DEFAULT-VALUE})")
    private Duration warmUp;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "where the series, JTL and summary go")
    private Path out;

    @Option(names = "--control-port", defaultValue = "0", paramLabel = "PORT",
            description = "port of the control port (/metrics, /stop, ...) at the probe's address; 0 picks a free one"
                    + " (default: ${DEFAULT-VALUE})")
    private int controlPort;

    @Option(names = "--linger",
            description = "once the run has ended, keep serving the control port (GET /summary, /series) until"
                    + " SIGTERM, for a runner that reads them over HTTP (a probe in a pod)")
    private boolean linger;

    private final CountDownLatch finished = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile String state = "starting";
    private final Phases phases = new Phases();
    private volatile Probe probe;
    private volatile boolean stopAsked;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ProbeCli()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        ProbeSettings settings = settings();
        ControlToken token = controlToken();
        ProbeTargetFactory factory = onlyFactory();
        Files.createDirectories(out);
        PrometheusMetrics metrics = new PrometheusMetrics(rate);
        HttpServer control = controlServer(metrics, token);
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAndAwait, "probe-stop"));
        try (ProbeTarget target = factory.connect(registry, timeout);
             SeriesFile series = new SeriesFile(out);
             JtlFile jtl = new JtlFile(out, target.label(), phases)) {
            probe = new Probe(target, settings, factory.client(),
                    List.of(series, jtl, metrics, new SummaryFile(out), new ConsoleProgress(System.out, 10)));
            if (stopAsked) {
                probe.stop();   // asked while the client connected: nothing is called, the books stay empty
            }
            if (!settings.warmUp().isZero()) {
                state = "warming";
                System.out.println("probe warming up for " + settings.warmUp().toSeconds() + " s (calls recorded nowhere)");
                System.out.flush();
                Probe.WarmUp warm = probe.warmUp(settings.warmUp());
                System.out.println("probe warm-up: " + warm.answered() + " answered, " + warm.failed() + " failed, "
                        + warm.unanswered() + " unanswered");
            }
            System.out.println(String.format(Locale.ROOT, "%s%s at %s/s for %d s (%s, timeout %d ms); control %s:%d",
                    CALLING_LINE, target.label(), rate, duration.toSeconds(), factory.client(), timeout.toMillis(),
                    control.getAddress().getAddress().getHostAddress(), control.getAddress().getPort()));
            System.out.flush();
            state = "calling";
            ProbeSummary summary = probe.run();
            state = "finished";
            lingerIfAsked();
            return summary.balanced() ? 0 : 1;
        } finally {
            control.stop(0);
            finished.countDown();
        }
    }

    /** With --linger: the summary stays readable over the control port until SIGTERM releases it. */
    private void lingerIfAsked() {
        if (linger) {
            System.out.println("probe ended; serving its summary until stopped (--linger)");
            System.out.flush();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The run's control token from the environment; without one (or a malformed one), exit 2 before anything starts. */
    private ControlToken controlToken() {
        try {
            return ControlToken.required("the probe");
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private ProbeSettings settings() {
        try {
            LabAddress.checkServers(registry);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--registry: " + e.getMessage());
        }
        try {
            return new ProbeSettings(rate, duration, timeout, warmUp);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static ProbeTargetFactory onlyFactory() {
        List<ProbeTargetFactory> factories = ServiceLoader.load(ProbeTargetFactory.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        if (factories.size() != 1) {
            throw new IllegalStateException("expected one client generation on the classpath, found "
                    + factories.stream().map(ProbeTargetFactory::client).toList());
        }
        return factories.get(0);
    }

    private HttpServer controlServer(PrometheusMetrics metrics, ControlToken token) throws IOException {
        HttpServer server = ControlPort.start(new InetSocketAddress(InetAddress.getByName(LabAddress.own()), controlPort),
                token, metrics.handler(), this::stop, phases, () -> state, out);
        System.out.println(CONTROL_LINE + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort());
        System.out.flush();
        return server;
    }

    private void stop() {
        stopAsked = true;
        Probe running = probe;
        if (running != null) {
            running.stop();
        }
    }

    /** On SIGTERM or SIGINT: stop calling, and give the run the time it needs to account for every call. */
    private void stopAndAwait() {
        stop();
        released.countDown();
        try {
            finished.await(timeout.plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
