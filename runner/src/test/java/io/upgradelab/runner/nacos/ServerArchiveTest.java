package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whose fault an archive that does not unpack is: what it holds or how it reads is the user's input
 * (exit 2), a folder this machine cannot write in is not (exit 1), so a full disk is never reported
 * as a broken archive.
 */
class ServerArchiveTest {

    @TempDir
    Path dir;

    @Test
    void aFolderThatCannotBeWrittenIsAFailureNotTheArchives() throws IOException {
        Path archive = ServerArchives.tarGz(dir.resolve("server.tar.gz"), Map.of("nacos/lib/a.jar", "x".getBytes()));
        Path notAFolder = Files.writeString(dir.resolve("cache"), "a file where the cache should be");

        assertThatThrownBy(() -> ServerArchive.unpack(archive, notAFolder.resolve("unpacking")))
                .isInstanceOfSatisfying(LabException.class, e -> assertThat(e.exitCode()).isEqualTo(LabException.FAILED))
                .hasMessageContaining(archive + ": not unpacked: cannot write " + notAFolder.resolve("unpacking"))
                .hasMessageNotContaining("does not read as");
    }

    @Test
    void anArchiveThatDoesNotReadIsTheInputs() throws IOException {
        Path broken = Files.writeString(dir.resolve("broken.tgz"), "not gzip");

        assertThatThrownBy(() -> ServerArchive.unpack(broken, dir.resolve("out")))
                .isInstanceOfSatisfying(LabException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT))
                .hasMessageContaining(broken + ": not unpacked: it does not read as a gzip-compressed tar archive");
    }

    @Test
    void aFileAndAFolderOfOneNameAreTheArchivesFault() throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("nacos/lib", "a file".getBytes());
        entries.put("nacos/lib/a.jar", "x".getBytes());
        Path archive = ServerArchives.tarGz(dir.resolve("clash.tar.gz"), entries);

        assertThatThrownBy(() -> ServerArchive.unpack(archive, dir.resolve("out")))
                .isInstanceOfSatisfying(LabException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT))
                .hasMessage(archive + ": not unpacked: entry 'nacos/lib' is both a file and a folder");
    }

    @Test
    void insideTakesOnlyRelativeNamesThatStayInTheFolder() {
        Path root = dir.resolve("server");

        assertThat(ServerArchive.inside(root, "lib/a.jar")).contains(root.resolve("lib/a.jar"));
        assertThat(ServerArchive.inside(root, "./")).contains(root);
        assertThat(ServerArchive.inside(root, "lib/../../etc/passwd")).isEmpty();
        assertThat(ServerArchive.inside(root, "/etc/passwd")).isEmpty();
        assertThat(ServerArchive.inside(root, "lib\\a.jar")).isEmpty();
        assertThat(ServerArchive.inside(root, "lib/a\0.jar")).isEmpty();
        assertThat(ServerArchive.inside(root, "")).isEmpty();
    }
}
