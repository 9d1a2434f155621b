package io.upgradelab.probe.output;

import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.CompletedCall;
import io.upgradelab.probe.ProbeOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code results.jtl}: one row per call in JMeter's CSV results format, with JMeter's default
 * columns, so JMeter's own dashboard generator ({@code jmeter -g results.jtl -o DIR}) and any tool
 * that reads JMeter results read the probe's. Flushed every second.
 *
 * <p>timeStamp is the call's intended start and elapsed runs from it (as the probe measures);
 * responseCode is the outcome class; grpThreads and allThreads hold the calls in flight, which is
 * what an open-model probe has instead of threads.
 */
public final class JtlFile implements ProbeOutput {

    public static final String NAME = "results.jtl";

    /** JMeter's default CSV columns, in its order. */
    static final String[] COLUMNS = {"timeStamp", "elapsed", "label", "responseCode", "responseMessage",
        "threadName", "dataType", "success", "failureMessage", "bytes", "sentBytes", "grpThreads", "allThreads",
        "URL", "Latency", "IdleTime", "Connect"};

    private static final int MAX_MESSAGE = 300;

    private final String label;
    private final CSVPrinter csv;

    public JtlFile(Path directory, String label) throws IOException {
        this.label = label;
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).setRecordSeparator('\n').build();
        csv = new CSVPrinter(Files.newBufferedWriter(directory.resolve(NAME), StandardCharsets.UTF_8), format);
    }

    @Override
    public void ended(CompletedCall call) {
        CallOutcome outcome = call.outcome();
        long elapsedMillis = call.latencyMicros() / 1000;
        String message = outcome.succeeded() ? "OK" : shorten(simpleName(outcome.exceptionClass()) + ": " + outcome.message());
        synchronized (this) {
            try {
                csv.printRecord(call.intendedStartMillis(), elapsedMillis, label, outcome.outcome().key(), message,
                        "probe", "text", outcome.succeeded(), outcome.succeeded() ? "" : message, call.answerLength(), 0,
                        call.inFlight(), call.inFlight(), "", elapsedMillis, 0, 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public synchronized void second(ProbeSecond second) {
        try {
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            csv.close(true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static String shorten(String text) {
        return text.length() <= MAX_MESSAGE ? text : text.substring(0, MAX_MESSAGE - 3) + "...";
    }
}
