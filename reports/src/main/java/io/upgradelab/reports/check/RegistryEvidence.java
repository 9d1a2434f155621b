package io.upgradelab.reports.check;

import io.upgradelab.journal.Line;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.reports.JournalFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a run recorded of the registry's behaviour: the fleet's registry log (absent for a run whose
 * fleet wrote none: older runs, a fleet on Kubernetes) and the nodes' missing providers from the journal.
 *
 * @param log       the fleet's {@code registry.jsonl}; empty when the run has none
 * @param nodeViews the journal's {@code missingInstances} lines, in order
 * @param end       when the evidence ends: the later of the log's and the journal's last line
 */
public record RegistryEvidence(Optional<RegistryLog> log, List<Line<MissingInstances>> nodeViews, Instant end) {

    /** Where a run keeps the fleet's registry log. */
    public static Path logOf(Path run) {
        return run.resolve("fleet").resolve(RegistryLog.NAME);
    }

    public RegistryEvidence {
        nodeViews = List.copyOf(nodeViews);
    }

    /** {@code journal}'s run's evidence: its registry log beside it, and its missing-instance lines. */
    public static RegistryEvidence of(JournalFile journal) {
        Path file = logOf(journal.file().toAbsolutePath().getParent());
        Optional<RegistryLog> log = Files.isRegularFile(file) ? Optional.of(RegistryLog.read(file)) : Optional.empty();
        List<Line<MissingInstances>> nodes = journal.lines(MissingInstances.class);
        Instant end = journal.lines().isEmpty() ? Instant.EPOCH
                : Instant.parse(journal.lines().get(journal.lines().size() - 1).path("time").asText());
        Instant logEnd = log.map(RegistryLog::end).orElse(Instant.EPOCH);
        return new RegistryEvidence(log, nodes, logEnd.isAfter(end) ? logEnd : end);
    }

    /** {@code run}'s evidence: a run directory, or its journal file. */
    public static RegistryEvidence read(Path run) {
        return of(JournalFile.read(run));
    }
}
