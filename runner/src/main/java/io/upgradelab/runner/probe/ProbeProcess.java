package io.upgradelab.runner.probe;

import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.journal.SetUp;
import io.upgradelab.runner.Deadline;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.dubbo.DubboJvm;
import io.upgradelab.runner.dubbo.DubboProgram;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ChildProcess;
import io.upgradelab.runner.process.LogTail;
import io.upgradelab.runner.process.ProcessAddress;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.upgradelab.demo.ControlToken;
import org.upgradelab.demo.NamingOptions;

/**
 * The consumer probe (consumer-probe/) as a process of its own: a real Dubbo consumer of the demo
 * service calling at a fixed rate. Why a separate JVM: its client version is chosen by its
 * classpath, its CPU is measured apart, and its files outlive it (series.jsonl, results.jtl and,
 * once it has ended, summary.json in its directory).
 */
public final class ProbeProcess implements Probe {

    private static final String MAIN = "io.upgradelab.probe.cli.ProbeCli";
    /** consumer-probe's ProbeCli.CALLING_LINE: printed once the consumer is ready and calling starts. */
    private static final String CALLING = "probe calling ";
    /** consumer-probe's SeriesFile.NAME. */
    private static final String SERIES = "series.jsonl";
    /** consumer-probe's JtlFile.NAME. */
    private static final String JTL = "results.jtl";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    /** The probe's niceness: ahead of the nodes, the fleet and the demo providers (all at 0). */
    static final int NICENESS = -10;
    /** coreutils' nice, where there is one. */
    private static final Optional<Path> NICE = Stream.of("/usr/bin/nice", "/bin/nice").map(Path::of)
            .filter(Files::isExecutable).findFirst();
    /** A system property that sets another niceness (0: the default priority), for bench/probe's comparison. */
    public static final String NICENESS_PROPERTY = "upgradelab.probe.niceness";

    private final ChildProcess process;
    private final ProbeOptions options;
    private final Path directory;
    private final URI control;
    private final ProbeControl controlPort;
    private final LogTail seriesFile;
    private final List<ProbeSecond> seconds = new ArrayList<>();

    private ProbeProcess(ChildProcess process, ProbeOptions options, Path directory, URI control, ControlToken token) {
        this.process = process;
        this.options = options;
        this.directory = directory;
        this.control = control;
        this.controlPort = new ProbeControl(control, token);
        this.seriesFile = LogTail.fromStart(directory.resolve(SERIES));
    }

    /**
     * {@link #start(ProbeOptions, String, ControlToken, Path, Consumer)} with a token of its own: for a
     * probe that is the only process its caller controls (a benchmark).
     */
    public static ProbeProcess start(ProbeOptions options, String servers, Path directory, Consumer<String> progress) {
        return start(options, servers, ControlToken.generate(), directory, progress);
    }

    /**
     * Starts the probe against the Nacos servers {@code servers} ({@code 127.0.0.11:8848,...}), writing
     * to {@code directory}, its control port answering the run's control token {@code token} alone;
     * returns once it is calling.
     */
    public static ProbeProcess start(ProbeOptions options, String servers, ControlToken token, Path directory,
                                     Consumer<String> progress) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot prepare " + directory + ": " + e);
        }
        List<String> command = withRaisedPriority(command(options.client(), options.pushEmptyProtection(), options.group(), directory, List.of(
                "--registry", servers,
                "--rate", Double.toString(options.rate()),
                "--timeout", options.timeout().toMillis() + "ms",
                "--duration", options.duration().toSeconds() + "s",
                "--out", directory.toString())));
        Path log = directory.resolve("console.log");
        ChildProcess child = ChildProcess.start("probe-" + options.client(), command,
                environment(options, token), directory, log);
        progress.accept("probe (nacos-client " + options.client() + ", " + options.rate() + " calls/s): launched, pid "
                + child.pid() + ", log " + log);
        String calling = child.awaitReadyLine(CALLING, Deadline.after(START_TIMEOUT));
        return new ProbeProcess(child, options, directory, ProcessAddress.controlUri(calling), token);
    }

    /**
     * The probe JVM's command line on nacos-client {@code client} (the Dubbo line that goes with it),
     * keeping its user.home and logs in {@code directory}, given {@code probeArguments} as the probe
     * takes them (its {@code --help} says which): how the runner starts the probe, at a raised
     * priority, and how {@code upgrade-lab serve probe} runs one in the lab image.
     */
    public static List<String> command(String client, Path directory, List<String> probeArguments) {
        return command(client, false, "", directory, probeArguments);
    }

    /**
     * {@link #command(String, Path, List)}, its nacos-client keeping its last list on an empty push when
     * {@code pushEmptyProtection}, calling the providers of Dubbo service group {@code group} (none when empty).
     */
    public static List<String> command(String client, boolean pushEmptyProtection, String group, Path directory,
                                       List<String> probeArguments) {
        Map<String, String> properties = new HashMap<>(DubboJvm.consumerProperties(client));
        properties.putAll(DubboJvm.serviceGroup(false, group));
        if (pushEmptyProtection) {
            properties.put(NamingOptions.PUSH_EMPTY_PROTECTION, "true");
        }
        return DubboJvm.command(DubboProgram.PROBE, client, directory, properties, MAIN, probeArguments);
    }

    /**
     * The login when the cluster has auth on, the probe's address, and the run's control token: in the
     * environment, never on the command line, which every user of the machine reads.
     */
    static Map<String, String> environment(ProbeOptions options, ControlToken token) {
        Map<String, String> all = new HashMap<>(NacosCredentials.environment(options.login()));
        all.putAll(options.address().environment());
        all.putAll(token.environment());
        return all;
    }

    /**
     * The probe stands in for a consumer on a machine of its own. Sharing this one with the nodes and
     * the fleet, it would otherwise wait for a core behind them, and that wait would show as the
     * registry's latency. {@code nice} runs the command anyway, with a warning in the probe's log,
     * where raising a priority is not allowed (not root, no CAP_SYS_NICE).
     */
    static List<String> withRaisedPriority(List<String> command) {
        if (NICE.isEmpty()) {
            return command;   // the lab image has no nice: a pod has a machine's share of its own
        }
        List<String> niced = new ArrayList<>(List.of(NICE.get().toString(), "-n",
                Integer.toString(Integer.getInteger(NICENESS_PROPERTY, NICENESS))));
        niced.addAll(command);
        return niced;
    }

    public long pid() {
        return process.pid();
    }

    public ProbeOptions options() {
        return options;
    }

    public Path directory() {
        return directory;
    }

    /** Its JTL (consumer-probe's results.jtl): every call, flushed each second, with the provider that answered. */
    public Path jtl() {
        return directory.resolve(JTL);
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits until the probe has ended by itself (its duration over); false if it still runs after {@code timeout}. */
    public boolean awaitExit(Duration timeout) {
        return process.awaitExit(timeout);
    }

    /** The probe's Prometheus endpoint; like every path of its control port, it answers the run's token alone. */
    public URI metrics() {
        return control.resolve("metrics");
    }

    /** Every whole line of the series so far (a line being written is left for the next call). */
    @Override
    public synchronized List<ProbeSecond> series() {
        readInto(seriesFile, seconds);
        return List.copyOf(seconds);
    }

    /** The series file of a probe run, whole lines only: readable while the probe writes, or after it was killed. */
    public static List<ProbeSecond> readSeries(Path file) {
        List<ProbeSecond> seconds = new ArrayList<>();
        readInto(LogTail.fromStart(file), seconds);
        return seconds;
    }

    /** Appends the seconds written since the last read; each line is read once. */
    private static void readInto(LogTail series, List<ProbeSecond> seconds) {
        for (String line : series.readNewLines()) {
            if (!line.isBlank()) {
                try {
                    seconds.add(ProbeJson.second(line));
                } catch (IllegalArgumentException e) {
                    throw new LabException(LabException.FAILED, series.file() + ": line " + (seconds.size() + 1)
                            + " is not a probe second: " + e.getMessage());
                }
            }
        }
    }

    @Override
    public Optional<String> phaseBegan(ProbePhase phase) {
        return controlPort.phaseBegan(phase);
    }

    @Override
    public String whereToLook() {
        return "see " + directory.resolve("console.log");
    }

    @Override
    public SetUp.Placement whereItRuns() {
        return SetUp.Placement.process(pid());
    }

    /**
     * Asks the probe to stop calling, waits until it has accounted for every call and exited, and
     * returns its summary.
     */
    @Override
    public ProbeSummary stop() {
        if (process.isAlive()) {
            try {
                controlPort.stop();
            } catch (IOException e) {
                process.stop(options.timeout().plusSeconds(15));   // not answering: SIGTERM does the same
            }
            if (!process.awaitExit(options.timeout().plusSeconds(30))) {
                process.kill();
                throw new LabException(LabException.FAILED, "the probe did not stop within "
                        + options.timeout().plusSeconds(30).toSeconds() + " s", process.output(), List.of());
            }
        }
        return summary();
    }

    /** The summary.json of an ended probe. */
    public ProbeSummary summary() {
        Path file = directory.resolve("summary.json");
        try {
            return ProbeJson.summary(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            throw new LabException(LabException.FAILED, "the probe left no readable summary (" + file + "): " + e,
                    process.output(), List.of());
        }
    }

    /** SIGKILL: what a crash of the probe would be. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                stop();
            } catch (LabException e) {
                process.kill();
            }
        }
    }
}
