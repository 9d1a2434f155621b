package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A docs page made from the code (docs/reference/), committed so the site needs no build: a test makes it
 * again and fails when the committed one differs, and {@code -Dupgradelab.writeDocs=true} writes it anew.
 * Shared with the other modules' page tests through this module's test jar.
 */
public final class GeneratedPage {

    private GeneratedPage() {
    }

    /** The page {@code relative} to the repository's docs/ folder, from a module's tests. */
    public static Path inDocs(String relative) {
        return Path.of(System.getProperty("basedir", ".")).resolve("../docs").resolve(relative).normalize();
    }

    /** Asserts that {@code page} holds {@code made}, having written it first when asked to. */
    public static void assertCommitted(Path page, String made) throws IOException {
        if (Boolean.getBoolean("upgradelab.writeDocs")) {
            Files.createDirectories(page.getParent());
            Files.writeString(page, made);
        }
        assertThat(page).as("make it again with -Dupgradelab.writeDocs=true").exists();
        assertThat(Files.readString(page)).as("make it again with -Dupgradelab.writeDocs=true: " + page).isEqualTo(made);
    }
}
