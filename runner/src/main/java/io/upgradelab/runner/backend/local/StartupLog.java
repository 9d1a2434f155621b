package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.process.LogTail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Nacos node's console output as it grows and says whether start-up succeeded or failed,
 * and why.
 *
 * <p>Nacos logs {@code Nacos started successfully} when it is up, and {@code Nacos failed to start}
 * or Spring Boot's {@code Application run failed} when it is not; after a failure the JVM can stay
 * alive, so a live process says nothing. The cause a person needs is usually the deepest
 * {@code Caused by:} of the failure, or Nacos's own "did not start because" sentence; parts of it
 * are written before the failure mark and parts after, so after a failure the log is read until it
 * goes quiet ({@link #awaitQuiet}) before the cause is taken.
 */
public final class StartupLog {

    /** What the log says so far. */
    public enum Verdict { STARTING, STARTED, FAILED }

    static final String STARTED_MARK = "Nacos started successfully";
    /** What a 3.x console run as a process of its own logs once its web context serves. */
    static final String CONSOLE_STARTED_MARK = "Nacos Console started successfully";
    private static final List<String> FAILED_MARKS = List.of(
            "Nacos failed to start", "Application run failed", "APPLICATION FAILED TO START");
    private static final Pattern DID_NOT_START = Pattern.compile("(Nacos Server did not start because [^:\\n]*)");
    private static final Pattern CAUSED_BY = Pattern.compile("^Caused by: (.*)$");
    private static final Pattern ERROR_LINE = Pattern.compile("^\\S+ \\S+\\s+ERROR .*? : (.*)$");
    /**
     * Nacos's NoLeaderException: the config raft group elected a leader, lost it while this node
     * read its start-up dump through it (a follower starved of CPU for an election timeout), and
     * the dump does not retry that error.
     */
    private static final String RAFT_LEADER_LOST = "did not find the Leader node";

    private final LogTail log;
    private final String startedMark;
    /** Lines since this start that may name the cause: few, so they are all kept. */
    private final List<String> causeCandidates = new ArrayList<>();
    private Verdict verdict = Verdict.STARTING;

    /** Watches {@code file} from its current end: output of an earlier start is not read again. */
    public StartupLog(Path file) {
        this(file, STARTED_MARK);
    }

    private StartupLog(Path file, String startedMark) {
        this.log = new LogTail(file);
        this.startedMark = startedMark;
    }

    /** A 3.x console's output ({@code -Dnacos.deployment.type=console}), which says it started in words of its own. */
    static StartupLog ofConsole(Path file) {
        return new StartupLog(file, CONSOLE_STARTED_MARK);
    }

    public Path file() {
        return log.file();
    }

    /** Reads what was appended since the last call and returns the verdict so far. */
    public Verdict poll() {
        if (verdict == Verdict.STARTING || verdict == Verdict.FAILED) {
            log.readNewLines().forEach(this::accept);
        }
        return verdict;
    }

    /**
     * Keeps reading until nothing was appended for {@code quiet}, or {@code atMost} passed: a
     * failing Spring Boot application writes its last stack traces after the failure mark.
     */
    public void awaitQuiet(Duration quiet, Duration atMost) {
        long giveUp = System.nanoTime() + atMost.toNanos();
        long lastGrowth = System.nanoTime();
        while (System.nanoTime() < giveUp && System.nanoTime() - lastGrowth < quiet.toNanos()) {
            List<String> lines = log.readNewLines();
            if (!lines.isEmpty()) {
                lines.forEach(this::accept);
                lastGrowth = System.nanoTime();
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The most specific one-line cause written since this start began, if any. */
    public Optional<String> cause() {
        String didNotStart = null;
        String deepestCause = null;
        String firstError = null;
        for (String line : causeCandidates) {
            Matcher m = DID_NOT_START.matcher(line);
            if (didNotStart == null && m.find()) {
                didNotStart = m.group(1).trim();
            }
            Matcher c = CAUSED_BY.matcher(line);
            if (c.matches()) {
                deepestCause = c.group(1).trim();
            }
            Matcher e = ERROR_LINE.matcher(line);
            if (firstError == null && e.matches()) {
                firstError = e.group(1).trim();
            }
        }
        if (didNotStart != null && deepestCause != null) {
            return Optional.of(didNotStart + " (root cause: " + deepestCause + ")");
        }
        return Optional.ofNullable(deepestCause != null ? deepestCause : didNotStart != null ? didNotStart : firstError);
    }

    /**
     * Whether the failure is one a new launch of the node gets over: the raft leader lost during
     * start-up (three nodes launched together on two loaded cores). Others, such as a bad
     * configuration or a port in use, fail again the same way.
     */
    public boolean passingFailure() {
        return cause().filter(c -> c.contains(RAFT_LEADER_LOST)).isPresent();
    }

    /** The last lines written since this start began, for a failure report. */
    public List<String> tail() {
        log.readNewLines().forEach(this::accept);
        return log.lastLines();
    }

    private void accept(String line) {
        if (verdict == Verdict.STARTING && line.contains(startedMark)) {
            verdict = Verdict.STARTED;
        } else if (verdict != Verdict.STARTED && FAILED_MARKS.stream().anyMatch(line::contains)) {
            verdict = Verdict.FAILED;
        }
        if (DID_NOT_START.matcher(line).find() || CAUSED_BY.matcher(line).matches()
                || ERROR_LINE.matcher(line).matches()) {
            causeCandidates.add(line);
        }
    }
}
