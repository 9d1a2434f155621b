package io.upgradelab.probe.output;

import io.upgradelab.journal.ProbeJson;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.probe.ProbeOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code series.jsonl}: one JSON line per second, appended and flushed as the second ends, so a
 * probe killed at any moment loses at most the second it was in. Readers take whole lines only.
 */
public final class SeriesFile implements ProbeOutput {

    public static final String NAME = "series.jsonl";

    private final Writer out;

    public SeriesFile(Path directory) throws IOException {
        out = Files.newBufferedWriter(directory.resolve(NAME), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Override
    public synchronized void second(ProbeSecond second) {
        try {
            out.write(ProbeJson.line(second));
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
