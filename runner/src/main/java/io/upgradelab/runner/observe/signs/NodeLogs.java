package io.upgradelab.runner.observe.signs;

import io.upgradelab.runner.process.LogTail;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's log files that hold failure signs, followed from their first line ({@link LogTail}): a
 * run's nodes log into folders of the run's own, so everything they logged since they started is read
 * once, and a round costs what the logs grew since the last.
 */
final class NodeLogs {

    private final int node;
    private final Map<String, LogTail> tails = new LinkedHashMap<>();

    NodeLogs(int node, Path directory, List<String> files) {
        this.node = node;
        files.forEach(file -> tails.put(file, LogTail.fromStart(directory.resolve(file))));
    }

    /** One log that is not in a node's folder (the fleet's), under the {@code name} its signs' {@link LogSign#file} say. */
    NodeLogs(int node, String name, Path log) {
        this.node = node;
        tails.put(name, LogTail.fromStart(log));
    }

    int node() {
        return node;
    }

    /** Bytes read of its logs so far: what following them cost the runner. */
    long bytesRead() {
        return tails.values().stream().mapToLong(LogTail::bytesRead).sum();
    }

    List<String> files() {
        return List.copyOf(tails.keySet());
    }

    /** A line of a log showing a sign. */
    record Seen(LogSign sign, String line) {
    }

    /** The lines logged since the last call that show one of {@code signs} (the first a line matches). */
    List<Seen> newSigns(List<LogSign> signs) {
        List<Seen> seen = new ArrayList<>();
        tails.forEach((file, tail) -> {
            List<LogSign> here = signs.stream().filter(s -> s.file().equals(file)).toList();
            for (String line : tail.readNewLines()) {
                for (LogSign sign : here) {
                    if (sign.matches(line)) {
                        seen.add(new Seen(sign, line));
                        break;
                    }
                }
            }
        });
        return seen;
    }
}
