package io.upgradelab.runner.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Reads a growing log from a given point, a complete line at a time, keeping its last lines for
 * failure reports. Each read returns only what was appended since the previous one, so watching a
 * log costs what the log grows, not its size.
 */
public final class LogTail {

    private static final int KEPT_LINES = 40;
    private static final int CHUNK = 4 << 20;
    private static final long MOST_PER_CALL = 64L << 20;

    private final Path file;
    private long offset;
    private long bytesRead;
    private final StringBuilder partialLine = new StringBuilder();
    private final Deque<String> last = new ArrayDeque<>();

    /** Reads {@code file} from its current end: what an earlier run wrote there is not read again. */
    public LogTail(Path file) {
        this(file, sizeOf(file));
    }

    private LogTail(Path file, long offset) {
        this.file = file;
        this.offset = offset;
    }

    /** Reads {@code file} from its first line: a file one program writes whole, read while it grows. */
    public static LogTail fromStart(Path file) {
        return new LogTail(file, 0);
    }

    private static long sizeOf(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path file() {
        return file;
    }

    /**
     * The complete lines appended since the previous call; at most {@value #MOST_PER_CALL} bytes of
     * them per call (a server's log grows megabytes between two reads; the rest comes with the next).
     */
    public List<String> readNewLines() {
        List<String> lines = new ArrayList<>();
        if (!Files.exists(file)) {
            return lines;
        }
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length < offset) {      // truncated, or rolled over to a new file: read it again from the start
                offset = 0;
                partialLine.setLength(0);
            }
            long until = Math.min(length, offset + MOST_PER_CALL);
            in.seek(offset);
            while (offset < until) {
                byte[] chunk = new byte[(int) Math.min(until - offset, CHUNK)];
                in.readFully(chunk);
                offset += chunk.length;
                bytesRead += chunk.length;
                partialLine.append(new String(chunk, StandardCharsets.UTF_8));
                takeLines(lines);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    /** Moves the complete lines of {@link #partialLine} to {@code lines}, in one pass over it. */
    private void takeLines(List<String> lines) {
        int start = 0;
        int newline;
        while ((newline = partialLine.indexOf("\n", start)) >= 0) {
            String line = partialLine.substring(start, newline).stripTrailing();
            start = newline + 1;
            lines.add(line);
            last.addLast(line);
            if (last.size() > KEPT_LINES) {
                last.removeFirst();
            }
        }
        partialLine.delete(0, start);
    }

    /** The last lines (at most 40) of {@code file} as it is now; none when it does not exist. */
    public static List<String> lastLinesOf(Path file) {
        LogTail tail = fromStart(file);
        tail.readNewLines();
        return tail.lastLines();
    }

    /** Every byte read from the file so far, a file read again after it rolled over included. */
    public long bytesRead() {
        return bytesRead;
    }

    /** The last lines read so far (at most 40). */
    public List<String> lastLines() {
        return List.copyOf(last);
    }
}
