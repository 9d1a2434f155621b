package io.upgradelab.runner.gateway;

import io.upgradelab.journal.GatewayBenchmark.Latency;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk, the load generator of the reference gateway benchmark, run as it was run there ({@code wrk -t -c -d
 * --latency URL}) and read from its own report: the figures journalled are wrk's, not the lab's. Each run
 * is bounded by its {@code -d} and stops by itself; one that outlives it by {@link #OVERRUN} is killed by
 * its PID.
 */
public final class Wrk {

    /** Debian's wrk; {@code .ci/run} installs it. */
    static final Path BINARY = Path.of("/usr/bin/wrk");
    /** How long past its duration wrk may take to report before it is killed. */
    static final Duration OVERRUN = Duration.ofSeconds(30);
    /** A request not answered in this time is wrk's "timeout" error, as the reference's runs counted them. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

    /** The lab's wrk script of a run through a phase: answers per second, per thread. */
    private static final String SECONDS_SCRIPT = "/io/upgradelab/runner/gateway/seconds.lua";
    private static final Pattern LATENCY = Pattern.compile("^\\s*Latency\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern PERCENTILE = Pattern.compile("^\\s*(50|75|90|99)%\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern REQUESTS = Pattern.compile("^\\s*(\\d+) requests in (\\S+),", Pattern.MULTILINE);
    private static final Pattern RATE = Pattern.compile("^Requests/sec:\\s+(\\S+)", Pattern.MULTILINE);
    private static final Pattern SOCKET_ERRORS = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern TIME = Pattern.compile("([0-9.]+)(us|ms|s|m|h)");

    private Wrk() {
    }

    /**
     * What one wrk run reported.
     *
     * @param seconds  how long it ran
     * @param requests the requests it completed
     * @param qps      its Requests/sec
     * @param latency  its latency distribution, ms
     * @param errors   socket errors by kind and non-2xx/3xx responses ({@code non2xx}); only kinds it counted
     */
    public record Report(double seconds, long requests, double qps, Latency latency, Map<String, Long> errors) {
    }

    /**
     * One whole second of a run {@linkplain #through through a phase}: the answers that ended in it, every thread's
     * together.
     *
     * @param epochSecond the second, since the epoch
     * @param responses   the answers, whatever their status
     * @param non2xx      of them, those neither 2xx nor 3xx
     */
    public record Second(long epochSecond, long responses, long non2xx) {
    }

    /**
     * What a run through a phase measured.
     *
     * @param report  wrk's report of the whole run; empty when it completed no request
     * @param seconds every whole second from its start to its stop, in order, a second without answers included
     */
    public record Series(Optional<Report> report, List<Second> seconds) {
    }

    /** Whether wrk is installed here. */
    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /**
     * Runs wrk at {@code url} with {@code connections} for {@code duration} on {@code threads} threads, its output
     * in {@code output}; returns its report once it exits by itself.
     */
    public static Report run(String url, int threads, int connections, Duration duration, Path output)
            throws InterruptedException {
        requireInstalled();
        ChildProcess wrk = ChildProcess.start("wrk-" + connections, command(url, threads, connections, duration, null),
                Map.of(), output.getParent(), output);
        String text = report(wrk, url, output, duration.plus(OVERRUN),
                "did not end " + OVERRUN.toSeconds() + " s after its " + duration.toSeconds() + " s");
        return parse(text).orElseThrow(() -> new LabException(LabException.FAILED, "wrk's report in " + output
                + " has no Latency, percentiles, requests or Requests/sec line", output, List.of()));
    }

    /**
     * Starts wrk at {@code url} for as long as a phase takes, counting its answers per second (the lab's
     * {@code seconds.lua}, whose files go to a folder beside {@code output}); returns at once. wrk stops by itself
     * after {@code bound}; {@link Through#stop()} ends it before.
     */
    public static Through through(String url, int threads, int connections, Duration bound, Path output) {
        requireInstalled();
        String name = output.getFileName().toString().replaceFirst("\\.txt$", "");
        Path folder = output.resolveSibling(name + "-seconds");
        Path script = folder.resolve("seconds.lua");
        try (var in = Wrk.class.getResourceAsStream(SECONDS_SCRIPT)) {
            Files.createDirectories(folder);
            Files.copy(Objects.requireNonNull(in, SECONDS_SCRIPT), script,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write wrk's script " + script + ": " + e);
        }
        long start = Instant.now().getEpochSecond();
        ChildProcess wrk = ChildProcess.start("wrk-" + connections, command(url, threads, connections, bound, script),
                Map.of(), output.getParent(), output);
        return new Through(url, wrk, output, folder, start);
    }

    /**
     * A wrk run through a phase, under way until {@link #stop()}.
     *
     * @param folder where its threads count their seconds
     * @param start  the second it started in, since the epoch
     */
    public record Through(String url, ChildProcess wrk, Path output, Path folder, long start)
            implements GatewayLoad.Running {

        /** SIGINT, on which wrk stops and reports; its report and seconds once it has. */
        @Override
        public Series stop() throws InterruptedException {
            long stop = Instant.now().getEpochSecond();
            wrk.interrupt();
            String text = report(wrk, url, output, OVERRUN, "did not stop " + OVERRUN.toSeconds() + " s after SIGINT");
            return new Series(parse(text), seconds(folder, start, stop));
        }
    }

    /**
     * The whole seconds after {@code start} and before {@code stop} (both partly outside the run), every thread's
     * answers summed, and a second no thread wrote as none.
     */
    static List<Second> seconds(Path folder, long start, long stop) {
        Map<Long, long[]> bySecond = new TreeMap<>();
        try (var files = Files.newDirectoryStream(folder, "second-*.csv")) {
            for (Path file : files) {
                for (String line : Files.readAllLines(file)) {
                    String[] fields = line.split(",");
                    if (fields.length == 3) {
                        long[] sum = bySecond.computeIfAbsent(Long.parseLong(fields[0].strip()), s -> new long[2]);
                        sum[0] += Long.parseLong(fields[1].strip());
                        sum[1] += Long.parseLong(fields[2].strip());
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            throw new LabException(LabException.FAILED, "cannot read wrk's seconds in " + folder + ": " + e);
        }
        List<Second> seconds = new ArrayList<>();
        for (long s = start + 1; s < stop; s++) {
            long[] sum = bySecond.getOrDefault(s, new long[2]);
            seconds.add(new Second(s, sum[0], sum[1]));
        }
        return List.copyOf(seconds);
    }

    /** wrk's {@code --latency} report read; empty when a figure is missing (no request completed, or not wrk's). */
    public static Optional<Report> parse(String text) {
        Matcher latency = LATENCY.matcher(text);
        Matcher requests = REQUESTS.matcher(text);
        Matcher rate = RATE.matcher(text);
        Map<String, Double> percentiles = new LinkedHashMap<>();
        Matcher percentile = PERCENTILE.matcher(text);
        while (percentile.find()) {
            percentiles.put(percentile.group(1), millis(percentile.group(2)));
        }
        if (!latency.find() || !requests.find() || !rate.find() || percentiles.size() < 4) {
            return Optional.empty();
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        Matcher socket = SOCKET_ERRORS.matcher(text);
        if (socket.find()) {
            String[] kinds = {"connect", "read", "write", "timeout"};
            for (int i = 0; i < kinds.length; i++) {
                long n = Long.parseLong(socket.group(i + 1));
                if (n > 0) {
                    errors.put(kinds[i], n);
                }
            }
        }
        Matcher non2xx = NON_2XX.matcher(text);
        if (non2xx.find()) {
            errors.put("non2xx", Long.parseLong(non2xx.group(1)));
        }
        Latency figures = new Latency(percentiles.get("50"), percentiles.get("75"), percentiles.get("90"),
                percentiles.get("99"), millis(latency.group(1)), millis(latency.group(3)));
        return Optional.of(new Report(millis(requests.group(2)) / 1000, Long.parseLong(requests.group(1)),
                Double.parseDouble(rate.group(1)), figures, errors));
    }

    /** wrk's time ("812.00us", "20.45ms", "1.02s", "2.00m") in milliseconds. */
    static double millis(String time) {
        Matcher m = TIME.matcher(time.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a wrk time: " + time);
        }
        double value = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "us" -> value / 1000;
            case "ms" -> value;
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            default -> value * 3_600_000;
        };
    }

    /**
     * {@code wrk -t -c -d --timeout --latency URL}, every run as the reference ran it; with {@code script} (null:
     * none), {@code -s SCRIPT URL -- FOLDER}, the folder the script's and the one it writes into.
     */
    private static List<String> command(String url, int threads, int connections, Duration duration, Path script) {
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "-t" + threads, "-c" + connections,
                "-d" + Math.max(1, duration.toSeconds()) + "s", "--timeout", REQUEST_TIMEOUT.toSeconds() + "s", "--latency"));
        if (script == null) {
            command.add(url);
        } else {
            command.addAll(List.of("-s", script.toString(), url, "--", script.getParent().toString()));
        }
        return command;
    }

    /**
     * wrk's report once it has exited, at most {@code within} from now; killed by its PID past it, the failure
     * saying it {@code late}; refused on an exit code other than 0.
     */
    private static String report(ChildProcess wrk, String url, Path output, Duration within, String late)
            throws InterruptedException {
        if (!wrk.awaitExit(within)) {
            wrk.kill();
            throw new LabException(LabException.FAILED, "wrk at " + url + " " + late + ": killed (pid " + wrk.pid() + ")",
                    output, List.of());
        }
        if (Thread.interrupted()) {
            throw new InterruptedException("wrk interrupted");
        }
        String text = read(output);
        if (wrk.exitCode() != 0) {
            throw new LabException(LabException.FAILED, "wrk at " + url + " exited with " + wrk.exitCode() + ": "
                    + text.strip(), output, List.of());
        }
        return text;
    }

    private static void requireInstalled() {
        if (!installed()) {
            throw new LabException(LabException.FAILED, BINARY + " is not installed: apt-get install wrk (.ci/run does)");
        }
    }

    private static String read(Path output) {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot read wrk's report " + output + ": " + e);
        }
    }
}
