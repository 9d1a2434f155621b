package io.upgradelab.journal;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * A JMeter results file (JTL): one row per sample in JMeter's CSV format with its default columns,
 * so JMeter's own dashboard generator ({@code jmeter -g FILE.jtl -o DIR}) and any tool that reads
 * JMeter results read the lab's. The one JTL codec: the probe writes its calls with it, the naming
 * benchmark its operations; {@link #read(Path)} reads either back through the same {@link Sample}. Safe for several
 * threads; flushed by {@link #flush()} and on close.
 */
public final class JtlFile implements Closeable {

    /** JMeter's default CSV columns, in its order. */
    public static final String[] COLUMNS = {"timeStamp", "elapsed", "label", "responseCode", "responseMessage",
        "threadName", "dataType", "success", "failureMessage", "bytes", "sentBytes", "grpThreads", "allThreads",
        "URL", "Latency", "IdleTime", "Connect"};

    private static final int MAX_MESSAGE = 300;
    /** A row's columns, named as the header names them. */
    private static final CSVFormat ROWS = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).build();

    private final CSVPrinter csv;

    public JtlFile(Path file) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(COLUMNS).setRecordSeparator('\n').build();
        csv = new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), format);
    }

    /**
     * One sample.
     *
     * @param timeStamp    when it started, epoch milliseconds
     * @param elapsed      how long it took, milliseconds
     * @param label        what JMeter's dashboard groups by (a call, an operation)
     * @param responseCode the outcome class
     * @param message      "OK", or what went wrong (clipped to 300 characters)
     * @param threadName   the thread that did it
     * @param bytes        bytes received
     * @param threads      samples in flight (or threads active) when it ended
     * @param url          who answered, where the sampler knows ({@code host:port} of the provider that answered the
     *                     probe's call); empty otherwise
     */
    public record Sample(long timeStamp, long elapsed, String label, String responseCode, boolean success,
                         String message, String threadName, long bytes, int threads, String url) {

        public Sample {
            url = url == null ? "" : url;
        }

        /** A sample whose sampler does not know who answered. */
        public Sample(long timeStamp, long elapsed, String label, String responseCode, boolean success,
                      String message, String threadName, long bytes, int threads) {
            this(timeStamp, elapsed, label, responseCode, success, message, threadName, bytes, threads, "");
        }

        /** When it ended, epoch milliseconds. */
        public long endMillis() {
            return timeStamp + elapsed;
        }
    }

    /**
     * Every sample of the JTL at {@code file}, in file order, as {@link #write} wrote them (a row being written when a
     * writer still runs is skipped: it has fewer columns than the header).
     */
    public static List<Sample> read(Path file) throws IOException {
        List<Sample> samples = new ArrayList<>();
        for (String row : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            parseRow(row).ifPresent(samples::add);
        }
        return samples;
    }

    /**
     * One row of a JTL as {@link #write} wrote it (one line: a message is clipped to its first); empty for the header
     * and for a row with fewer columns than the header (one being written), so a reader that tails the file parses
     * each row once, as it comes.
     */
    public static Optional<Sample> parseRow(String row) throws IOException {
        if (row.isBlank() || row.startsWith(COLUMNS[0] + ",")) {
            return Optional.empty();
        }
        try (CSVParser parser = CSVParser.parse(row, ROWS)) {
            List<CSVRecord> records = parser.getRecords();
            if (records.size() != 1 || !records.get(0).isConsistent()) {
                return Optional.empty();
            }
            CSVRecord r = records.get(0);
            return Optional.of(new Sample(Long.parseLong(r.get("timeStamp")), Long.parseLong(r.get("elapsed")),
                    r.get("label"), r.get("responseCode"), Boolean.parseBoolean(r.get("success")),
                    r.get("responseMessage"), r.get("threadName"), Long.parseLong(r.get("bytes")),
                    Integer.parseInt(r.get("grpThreads")), r.get("URL")));
        }
    }

    public void write(Sample sample) {
        String message = shorten(sample.message());
        synchronized (this) {
            try {
                csv.printRecord(sample.timeStamp(), sample.elapsed(), sample.label(), sample.responseCode(), message,
                        sample.threadName(), "text", sample.success(), sample.success() ? "" : message, sample.bytes(),
                        0, sample.threads(), sample.threads(), sample.url(), sample.elapsed(), 0, 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public synchronized void flush() {
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

    /** At most {@value #MAX_MESSAGE} characters, on one line: a row is one line, so a tail reads it whole. */
    private static String shorten(String text) {
        String line = text.replace('\r', ' ').replace('\n', ' ');
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE - 3) + "...";
    }
}
