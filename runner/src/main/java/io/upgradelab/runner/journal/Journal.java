package io.upgradelab.runner.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.LabException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A run's record: {@code journal.jsonl}, one JSON object per line, appended and flushed line by
 * line. Nothing is ever rewritten, so whatever kills the runner (even SIGKILL) leaves every line
 * written before it, and reports need nothing but this file.
 *
 * <p>Every line has {@code type}, {@code time} (ISO-8601 UTC), {@code elapsed} (seconds since the
 * run began) and {@code phase} (1-based; 0 while setting up, -1 while tearing down); the event's own
 * fields follow. The types are listed in docs/guide/journal-and-reports.md ("The journal") and, made
 * from the records, in docs/reference/journal.md. The lines the reports read closely are records of
 * the journal module, written here and read there through the same types and the same codec
 * ({@link JournalJson}).
 *
 * <p>A {@link Listener} sees every line once it is in the file, in the file's order: what follows a
 * run as it happens (the live metrics) reads the journal rather than being told by each part, so it
 * shows exactly what the reports will read.
 */
public final class Journal implements AutoCloseable {

    public static final String FILE_NAME = "journal.jsonl";

    /** Told of every line once it is written; called under the journal's lock, so quick, and never appending. */
    @FunctionalInterface
    public interface Listener {

        /** No one listening. */
        Listener NONE = line -> { };

        /** {@code line}, as written: to read, not to keep or change. */
        void appended(JsonNode line);
    }

    /** Durations as experiment files write them, so a journalled record reads as the file wrote it ({@code 5m}). */
    private static final ObjectMapper JSON = JournalJson.builder().addModule(Durations.module()).build();

    private final Path file;
    private final OutputStream out;
    private final Listener listener;
    private final long beganNanos = System.nanoTime();
    private boolean closed;
    private int phase;

    private Journal(Path file, OutputStream out, Listener listener) {
        this.file = file;
        this.out = out;
        this.listener = listener;
    }

    /** Opens a new journal in {@code runDirectory}; refuses to append to an existing one. */
    public static Journal create(Path runDirectory) {
        return create(runDirectory, Listener.NONE);
    }

    /** Opens a new journal in {@code runDirectory}, telling {@code listener} of each line; refuses an existing one. */
    public static Journal create(Path runDirectory, Listener listener) {
        Path file = runDirectory.resolve(FILE_NAME);
        try {
            Files.createDirectories(runDirectory);
            if (Files.exists(file)) {
                throw new LabException(LabException.INVALID_INPUT, file + " already exists: choose another --out");
            }
            return new Journal(file, new FileOutputStream(file.toFile(), true), listener);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot create the journal " + file + ": " + e.getMessage());
        }
    }

    public Path file() {
        return file;
    }

    /** The phase lines are appended to now. */
    public synchronized int phase() {
        return phase;
    }

    /** The phase (1-based; 0 = set-up, -1 = tear-down) every following line belongs to. */
    public synchronized void setPhase(int index) {
        phase = index;
    }

    /** Appends a typed line: a record of the journal module, its type from its {@code @LineType}. */
    public void append(Object body) {
        ObjectNode fields = JSON.createObjectNode();
        String observer = JournalJson.observerOf(body.getClass());
        if (!observer.isEmpty()) {
            fields.put("observer", observer);
        }
        fields.setAll((ObjectNode) JSON.valueToTree(body));
        append(JournalJson.typeOf(body.getClass()), fields);
    }

    private synchronized void append(String type, ObjectNode fields) {
        if (closed) {
            return;
        }
        ObjectNode line = JSON.createObjectNode();
        line.put("type", type);
        line.put("time", Instant.now().toString());
        line.put("elapsed", Math.round((System.nanoTime() - beganNanos) / 1e6) / 1e3);
        line.put("phase", phase);
        line.setAll(fields);
        try {
            byte[] json = JSON.writeValueAsBytes(line);
            byte[] whole = java.util.Arrays.copyOf(json, json.length + 1);
            whole[json.length] = '\n';
            out.write(whole);   // one write per line: a reader never sees half a line without its end
            out.flush();
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot append to the journal " + file + ": " + e.getMessage());
        }
        listener.appended(line);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                out.close();
            } catch (IOException e) {
                // every line was flushed when written
            }
        }
    }
}
