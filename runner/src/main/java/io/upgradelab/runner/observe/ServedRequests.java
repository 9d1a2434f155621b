package io.upgradelab.runner.observe;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The HTTP requests one node served, counted as lines of its Tomcat access logs
 * ({@code access_log.<date>.log} in its log folder, where Nacos writes them by default): the
 * denominator of the lab's share of a node's work. gRPC calls (2.x clients) are not in the access log,
 * so against 2.x clients the share is an upper bound. Counting newlines costs what the logs grew.
 */
final class ServedRequests {

    private static final int CHUNK = 1 << 20;

    private final Path directory;
    private final Map<Path, Long> offsets = new HashMap<>();
    private long lines;

    ServedRequests(Path directory) {
        this.directory = directory;
    }

    /** The requests served since the node started logging, as far as its access logs say now. */
    synchronized long total() {
        for (Path file : accessLogs()) {
            lines += newLines(file);
        }
        return lines;
    }

    private List<Path> accessLogs() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().startsWith("access_log")).sorted().toList();
        } catch (IOException e) {
            return List.of();   // the folder went away (a node's home replaced on upgrade): nothing new
        }
    }

    private long newLines(Path file) {
        long offset = offsets.getOrDefault(file, 0L);
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length < offset) {
                offset = 0;
            }
            in.seek(offset);
            long count = 0;
            byte[] chunk = new byte[CHUNK];
            for (int read; offset < length && (read = in.read(chunk, 0, (int) Math.min(CHUNK, length - offset))) > 0; ) {
                for (int i = 0; i < read; i++) {
                    count += chunk[i] == '\n' ? 1 : 0;
                }
                offset += read;
            }
            offsets.put(file, offset);
            return count;
        } catch (IOException e) {
            return 0;   // gone between the listing and the read (a node's home replaced on upgrade): nothing new
        }
    }
}
