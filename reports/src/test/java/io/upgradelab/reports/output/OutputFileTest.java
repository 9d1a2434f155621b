package io.upgradelab.reports.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command writes for the user goes where it says, whole, and nowhere else: never through a
 * symbolic link planted where it goes, never over what the command reads.
 */
class OutputFileTest {

    @TempDir
    Path root;
    /** Where the command writes: a run directory, say. */
    Path dir;
    /** Somewhere else: the user's files a planted link points at. */
    Path elsewhere;

    @BeforeEach
    void folders() throws Exception {
        dir = Files.createDirectories(root.resolve("run"));
        elsewhere = Files.createDirectories(root.resolve("elsewhere"));
    }

    @Test
    void writesANewFileCreatingItsFolder() {
        Path file = dir.resolve("out/summary.md");

        assertThat(OutputFile.write(file, "# run\n", List.of())).isEqualTo(file);

        assertThat(file).content().isEqualTo("# run\n");
    }

    @Test
    void replacesAnExistingRegularFile() throws Exception {
        Path file = Files.writeString(dir.resolve("summary.md"), "an older report, longer than the new one\n");

        OutputFile.write(file, "new\n".getBytes(StandardCharsets.UTF_8), List.of());

        assertThat(file).content().isEqualTo("new\n");
    }

    @Test
    void refusesALinkToAFileOutsideAndLeavesThatFileAsItWas() throws Exception {
        Path precious = Files.writeString(elsewhere.resolve(".bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(dir.resolve("summary.md"), precious);

        assertThatThrownBy(() -> OutputFile.write(link, "overwritten\n", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(link + " is a symbolic link: refusing to write through it");

        assertThat(precious).content().isEqualTo("export PATH\n");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aFolderTheUserNamesThroughALinkIsWrittenIn() throws Exception {
        Path folder = Files.createSymbolicLink(dir.resolve("latest"), elsewhere);

        OutputFile.write(folder.resolve("summary.md"), "text\n", List.of());

        assertThat(elsewhere.resolve("summary.md")).content().isEqualTo("text\n");
        assertThat(Files.isSymbolicLink(elsewhere.resolve("summary.md"))).isFalse();
    }

    @Test
    void refusesAFolderWhereTheFileGoes() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("summary.md"));

        assertThatThrownBy(() -> OutputFile.write(folder, "text\n", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(folder + " is not a regular file (a folder?): refusing to write over it");

        assertThat(folder).isEmptyDirectory();
    }

    @Test
    void refusesToWriteOverAnInputHoweverItIsNamed() throws Exception {
        Path journal = Files.writeString(dir.resolve("journal.jsonl"), "{\"type\":\"runStarted\"}\n");
        Path viaLink = Files.createSymbolicLink(elsewhere.resolve("journal.jsonl"), journal);

        assertThatThrownBy(() -> OutputFile.write(journal, "<testsuite/>", List.of(journal)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(journal + " is " + journal + ", which this command reads: refusing to write over its"
                        + " own input");
        assertThatThrownBy(() -> OutputFile.write(journal, "<testsuite/>", List.of(dir.resolve("x.yaml"), viaLink)))
                .as("the same file by another name").isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to write over its own input");
        assertThatThrownBy(() -> OutputFile.refuseUnsafe(dir.resolve("new.xml"), List.of(dir.resolve("./new.xml"))))
                .as("neither exists yet: compared by name").isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to write over its own input");

        assertThat(journal).content().isEqualTo("{\"type\":\"runStarted\"}\n");
        OutputFile.refuseUnsafe(dir.resolve("gate-junit.xml"), List.of(journal, viaLink));   // another file: let through
    }

    @Test
    void leavesNoTemporaryFileBehind() throws Exception {
        Path file = dir.resolve("report.html");
        OutputFile.write(file, "<html>first</html>", List.of());
        OutputFile.write(file, "<html>second</html>", List.of());
        Path link = Files.createSymbolicLink(dir.resolve("summary.md"), elsewhere.resolve("absent.md"));
        assertThatThrownBy(() -> OutputFile.write(link, "text", List.of())).isInstanceOf(IllegalArgumentException.class);

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactlyInAnyOrder(file, link);
        }
        assertThat(file).content().isEqualTo("<html>second</html>");
        assertThat(elsewhere.resolve("absent.md")).doesNotExist();
    }
}
