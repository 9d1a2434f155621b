package io.upgradelab.reports.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.Line;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.reports.JournalFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One past run as {@code upgrade-lab runs} lists it: which experiment, when, how long, how it ended and what the
 * gate said, read from its journal and, for the verdict, from the summary.json its report wrote. A team with a
 * runs folder of many upgrades finds the one it wants without opening each.
 *
 * @param experiment the experiment's name
 * @param started    when it started, UTC (ISO-8601)
 * @param seconds    how long it ran; up to its last line for a run that did not end
 * @param outcome    completed, failed, aborted, interrupted ...; "incomplete" without a runEnded line (killed, or running)
 * @param verdict    PASS, FAIL or INCONCLUSIVE where a policy judged it ({@code run --gate}, {@code report --policy});
 *                   NOT GATED where none did, or its summary predates the verdict in summary.json
 * @param path       the run directory
 */
public record RunListing(String experiment, String started, double seconds, String outcome, String verdict, String path) {

    /** How deep under the folder a run directory is looked for: runs/NAME or runs/GROUP/NAME. */
    static final int DEPTH = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The runs under {@code folder}, newest first; a directory whose journal cannot be read is left out. */
    public static List<RunListing> under(Path folder) {
        try (Stream<Path> journals = Files.find(folder, DEPTH, (p, a) -> a.isRegularFile()
                && p.getFileName().toString().equals(JournalFile.NAME))) {
            return journals.map(j -> of(j.getParent())).flatMap(Optional::stream)
                    .sorted(Comparator.comparing(RunListing::started).reversed()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the runs under " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code run}'s listing: from its summary.json where that is no older than its journal (what its report read,
     * the journal not read again), else from its journal; empty when that is not one ({@link JournalFile#read}).
     */
    public static Optional<RunListing> of(Path run) {
        Optional<JsonNode> summary = summary(run);
        if (summary.isPresent() && summary.get().hasNonNull("experiment")) {
            JsonNode s = summary.get();
            return Optional.of(new RunListing(s.path("experiment").asText(), s.path("started").asText(),
                    s.path("seconds").asDouble(), s.path("outcome").asText(), verdict(summary), run.toString()));
        }
        JournalFile journal;
        try {
            journal = JournalFile.read(run);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.empty();
        }
        Line<RunStarted> started = journal.lines(RunStarted.class).get(0);
        List<RunEnded> ended = journal.bodies(RunEnded.class);
        double seconds = ended.isEmpty() ? journal.lines().get(journal.lines().size() - 1).path("elapsed").asDouble()
                : ended.get(0).seconds();
        return Optional.of(new RunListing(started.body().experiment(), started.time().toString(), seconds,
                ended.isEmpty() ? "incomplete" : ended.get(0).outcome(), verdict(summary), run.toString()));
    }

    /** The gate's status in a summary.json; NOT GATED without one, or one that predates the verdict there. */
    private static String verdict(Optional<JsonNode> summary) {
        JsonNode status = summary.map(s -> s.path("gate").path("status")).orElse(null);
        return status != null && status.isTextual() ? status.asText() : "NOT GATED";
    }

    /** {@code run}'s summary.json, when there is one no older than its journal and it reads. */
    private static Optional<JsonNode> summary(Path run) {
        Path summary = run.resolve(SummaryFiles.JSON_NAME);
        try {
            if (!Files.isRegularFile(summary) || Files.getLastModifiedTime(summary)
                    .compareTo(Files.getLastModifiedTime(JournalFile.fileOf(run))) < 0) {
                return Optional.empty();
            }
            return Optional.of(JSON.readTree(summary.toFile()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
