package io.upgradelab.journal.registry;

import io.upgradelab.journal.AppendedLines;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.Line;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code registry.jsonl} read back: its first line, the fleet's operations and the subscribers' pushes,
 * in the file's order. Like the journal, it is appended and flushed line by line ({@link Writer}), so a
 * fleet killed mid-write leaves at most one torn line, at the end: skipped and counted.
 *
 * @param file      the file read
 * @param started   its first line
 * @param ops       the fleet's acknowledged operations, in order
 * @param pushes    the subscribers' pushes, in order
 * @param tornLines lines that were not whole (at most the last)
 */
public record RegistryLog(Path file, RegistryLogStarted started, List<Line<InstanceOp>> ops, List<Line<Push>> pushes,
                          int tornLines) {

    /** The file's name in the fleet's directory. */
    public static final String NAME = "registry.jsonl";
    /** The format this code writes; a file of a newer one is refused rather than misread. */
    public static final int FORMAT = 1;
    private static final List<Class<?>> BODIES = List.of(RegistryLogStarted.class, InstanceOp.class, Push.class);

    public RegistryLog {
        ops = List.copyOf(ops);
        pushes = List.copyOf(pushes);
    }

    /** When its last line was written: how far what it says reaches. */
    public Instant end() {
        return java.util.stream.Stream.concat(ops.stream(), pushes.stream()).map(Line::time)
                .max(Instant::compareTo).orElse(Instant.EPOCH);
    }

    /**
     * Reads {@code file}; an {@link IllegalArgumentException} naming the file and line for a line other than
     * the last that is not whole, a first line that is not {@code registryLogStarted}, a newer format, or a
     * line that does not read as its type.
     */
    public static RegistryLog read(Path file) {
        List<String> text = AppendedLines.read(file);
        int last = text.size();
        RegistryLogStarted started = null;
        List<Line<InstanceOp>> ops = new ArrayList<>();
        List<Line<Push>> pushes = new ArrayList<>();
        int torn = 0;
        for (int i = 0; i < last; i++) {
            Optional<Line<?>> read;
            try {
                read = JournalJson.readLine(text.get(i), i + 1, BODIES);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
            if (read.isEmpty()) {
                if (i == last - 1) {
                    torn++;
                    continue;
                }
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a registry log line (a JSON object with"
                        + " a type), and not the last line, which a kill may tear");
            }
            Object body = read.get().body();
            if (i == 0) {
                started = first(file, body);
            } else if (body instanceof InstanceOp) {
                ops.add(typed(read.get()));
            } else if (body instanceof Push) {
                pushes.add(typed(read.get()));
            }
        }
        if (started == null) {
            throw new IllegalArgumentException(file + ": empty: not a registry log");
        }
        return new RegistryLog(file, started, ops, pushes, torn);
    }

    @SuppressWarnings("unchecked")
    private static <T> Line<T> typed(Line<?> line) {
        return (Line<T>) line;
    }

    private static RegistryLogStarted first(Path file, Object body) {
        if (!(body instanceof RegistryLogStarted started)) {
            throw new IllegalArgumentException(file + ":1: not a registry log (its first line is not registryLogStarted)");
        }
        if (started.format() > FORMAT) {
            throw new IllegalArgumentException(file + ":1: registry log format " + started.format() + " is newer than"
                    + " this upgrade-lab reads (" + FORMAT + "): check it with the upgrade-lab that wrote it, or a newer one");
        }
        return started;
    }

    /**
     * Appends lines to a new {@code registry.jsonl}, each whole and flushed as it is written, from any
     * thread: the fleet's registrations, stops and subscribers' listeners write concurrently.
     */
    public static final class Writer implements AutoCloseable {

        private final OutputStream out;
        private boolean closed;

        private Writer(OutputStream out) {
            this.out = out;
        }

        /** Creates {@code file} (refusing an existing one) and writes its first line. */
        public static Writer create(Path file, RegistryLogStarted started) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            OutputStream out;
            try {
                out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (FileAlreadyExistsException e) {
                throw new IOException(file + " already exists: a registry log is never appended to", e);
            }
            Writer writer = new Writer(out);
            writer.append(started);
            return writer;
        }

        /** Appends {@code body}, a record of this package, timed now. */
        public void append(Object body) {
            append(body, Instant.now());
        }

        /** Appends {@code body} timed {@code time}. */
        public synchronized void append(Object body, Instant time) {
            if (closed) {
                return;
            }
            try {
                out.write((JournalJson.lineOf(body, time) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                closed = true;   // a full disk ends the log, never the fleet
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                try {
                    out.close();
                } catch (IOException e) {
                    // nothing more to write
                }
            }
        }
    }
}
