package io.upgradelab.probe.output;

import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.probe.ProbeOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** {@code summary.json}: the whole run, written (atomically) once it ended; absent if it never did. */
public final class SummaryFile implements ProbeOutput {

    public static final String NAME = "summary.json";

    private final Path directory;

    public SummaryFile(Path directory) {
        this.directory = directory;
    }

    @Override
    public void finished(ProbeSummary summary) {
        try {
            Path partial = directory.resolve(NAME + ".partial");
            Files.writeString(partial, ProbeJson.document(summary));
            Files.move(partial, directory.resolve(NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
