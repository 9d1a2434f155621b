package io.upgradelab.reports;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Journals real runs recorded, kept as test data. */
public final class RecordedRuns {

    private RecordedRuns() {
    }

    /** A CI-size run of experiments/nacos-1x-to-2x-ci.yaml on a 2-core machine. */
    public static Path ciSizeJournal() {
        try {
            return Path.of(RecordedRuns.class.getResource("/journals/ci-size-run.jsonl").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
