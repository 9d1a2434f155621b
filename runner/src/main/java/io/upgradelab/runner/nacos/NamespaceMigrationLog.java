package io.upgradelab.runner.nacos;

import io.upgradelab.journal.NamespaceMigration;
import io.upgradelab.runner.process.LogTail;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a 3.x node's namespace migration ({@link NamespaceMigration}) from its {@code nacos.log}, where
 * {@code ConfigMigrateService} logs each stage's running count and the total time. A node logs none
 * when it does not migrate (2.x, or 3.3, which dropped the migration), and no finish line when its
 * pre-check refused to start (the {@code namespacePreCheckFailed} sign says that). Followed from the
 * moment before the node stops, so only what its next start logs is read, not the whole log again.
 */
public final class NamespaceMigrationLog {

    /** The node log that holds the lines. */
    public static final String FILE = "nacos.log";

    private static final String START = "[migrate] start migrate config namespace";
    /** e.g. "[migrate] syncing config gray namespace from public to empty, finished:0" */
    private static final Pattern STAGE = Pattern.compile(
            "\\[migrate] (migrating|syncing) config (gray )?namespace from (empty|public) to (?:empty|public), finished:(\\d+)");
    /** "[migrate] finish migrate config namespacetotal time taken: 56 ms" (no space, as Nacos logs it) */
    private static final Pattern FINISH = Pattern.compile(
            "\\[migrate] finish migrate config namespace\\s*total time taken: (\\d+) ms");

    private final int node;
    private final String version;
    private final LogTail log;

    private NamespaceMigrationLog(int node, String version, LogTail log) {
        this.node = node;
        this.version = version;
        this.log = log;
    }

    /** Follows the {@code nacos.log} in {@code logDirectory} of {@code node}, about to start {@code version}, from its end now. */
    public static NamespaceMigrationLog following(int node, String version, Path logDirectory) {
        return new NamespaceMigrationLog(node, version, new LogTail(logDirectory.resolve(FILE)));
    }

    /** The migration the node logged since it was followed; empty when none finished (or the log cannot be read). */
    public Optional<NamespaceMigration> migration() {
        try {
            return parse(node, version, log.readNewLines().stream().filter(l -> l.contains("[migrate]")).toList());
        } catch (UncheckedIOException e) {
            return Optional.empty();   // a log being rotated: no word this time
        }
    }

    /** The last finished migration among {@code lines}, in log order. */
    static Optional<NamespaceMigration> parse(int node, String version, List<String> lines) {
        Map<String, Integer> stages = null;   // each stage logs its running total: its last line is its count
        NamespaceMigration last = null;
        for (String line : lines) {
            Matcher stage = STAGE.matcher(line);
            Matcher finish = FINISH.matcher(line);
            if (line.contains(START)) {
                stages = new HashMap<>();
            } else if (stages != null && stage.find()) {
                stages.put((stage.group(2) == null ? "" : "gray ") + stage.group(1) + " from " + stage.group(3),
                        Integer.parseInt(stage.group(4)));
            } else if (stages != null && finish.find()) {
                int gray = stages.entrySet().stream().filter(e -> e.getKey().startsWith("gray "))
                        .mapToInt(Map.Entry::getValue).sum();
                last = new NamespaceMigration(node, version, stages.getOrDefault("migrating from empty", 0),
                        stages.getOrDefault("syncing from empty", 0) + stages.getOrDefault("syncing from public", 0),
                        gray, Long.parseLong(finish.group(1)));
                stages = null;
            }
        }
        return Optional.ofNullable(last);
    }
}
