package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Servers a team brings: both layouts, from archives and folders, read for their version and
 * Java; and everything that is not a usable Nacos server refused with the reason, before anything
 * starts.
 */
class BroughtInServerTest {

    /** Java 17's class-file version: what Nacos 3.x is built for. */
    private static final int JAVA_17 = 61;

    @TempDir
    Path dir;

    @Test
    void aTarGzOfAClasspathServerIsUnpackedOnceAndRead() throws IOException {
        Path archive = ServerArchives.tarGz(ServerArchives.fakeServer(dir.resolve("src"), "2.5.0", JAVA_17), "nacos/",
                dir.resolve("nacos-server-2.5.0.tar.gz"));

        NacosDistribution server = BroughtInServer.read("2.5.0", archive, cache());

        assertThat(server.version()).isEqualTo("2.5.0");
        assertThat(server.mainClass()).isEqualTo("com.alibaba.nacos.Nacos");
        assertThat(server.directory()).startsWith(cache()).endsWith(Path.of("nacos"));
        assertThat(server.classpath()).extracting(p -> p.getFileName().toString())
                .containsExactly("nacos-console-2.5.0.jar", "nacos-core-2.5.0.jar");
        assertThat(server.source()).contains(archive);
        assertThat(cacheEntries()).singleElement().asString().startsWith("2.5.0-");
        FileTime longAgo = FileTime.fromMillis(0);
        Files.setLastModifiedTime(cache(), longAgo);   // an unpacking folder made and removed in it would change it

        NacosDistribution again = BroughtInServer.read("2.5.0", archive, cache());
        assertThat(again.directory()).isEqualTo(server.directory());
        assertThat(cacheEntries()).hasSize(1);
        assertThat(Files.getLastModifiedTime(cache())).as("not unpacked again").isEqualTo(longAgo);
        assertThat(again).as("the same archive, unchanged, is not read again in one process").isSameAs(server);
    }

    @Test
    void theSameBytesElsewhereAreHashedToTheFolderUnpackedBeforeAndNotUnpackedAgain() throws IOException {
        Path archive = ServerArchives.tarGz(ServerArchives.fakeServer(dir.resolve("src"), "2.5.1", JAVA_17), "nacos/",
                dir.resolve("nacos-server-2.5.1.tar.gz"));
        NacosDistribution server = BroughtInServer.read("2.5.1", archive, cache());
        Path copy = Files.copy(archive, Files.createDirectories(dir.resolve("elsewhere")).resolve(archive.getFileName()));
        FileTime longAgo = FileTime.fromMillis(0);
        Files.setLastModifiedTime(cache(), longAgo);   // an unpacking folder made and removed in it would change it

        NacosDistribution fromCopy = BroughtInServer.read("2.5.1", copy, cache());

        assertThat(fromCopy.directory()).isEqualTo(server.directory());
        assertThat(fromCopy.source()).contains(copy);
        assertThat(Files.getLastModifiedTime(cache())).as("nothing unpacked into the cache again").isEqualTo(longAgo);
    }

    @Test
    void anArchiveChangedSinceItWasReadIsReadAgain() throws IOException {
        Path archive = ServerArchives.tarGz(ServerArchives.fakeServer(dir.resolve("src"), "2.5.2", JAVA_17), "nacos/",
                dir.resolve("nacos-server-2.5.2.tar.gz"));
        NacosDistribution server = BroughtInServer.read("2.5.2", archive, cache());
        Files.setLastModifiedTime(archive, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() + 60_000));

        assertThat(BroughtInServer.read("2.5.2", archive, cache())).isNotSameAs(server).isEqualTo(server);
    }

    @Test
    void aZipAndAFolderAreReadAlike() throws IOException {
        Path folder = ServerArchives.fakeServer(dir.resolve("nacos"), "3.1.0", JAVA_17);
        Path zip = ServerArchives.zip(folder, "nacos/", dir.resolve("nacos-server-3.1.0.zip"));

        assertThat(BroughtInServer.read("3.1.0", zip, cache()).classpath()).hasSize(2);
        NacosDistribution fromFolder = BroughtInServer.read("3.1.0", folder, cache());
        assertThat(fromFolder.directory()).isEqualTo(folder);
        assertThat(fromFolder.source()).contains(folder);
    }

    @Test
    void classpathTxtOrdersTheJarsWhenThereIsOne() throws IOException {
        Path folder = ServerArchives.fakeServer(dir.resolve("s"), "2.4.3", JAVA_17);
        Files.writeString(folder.resolve("classpath.txt"), "lib/nacos-core-2.4.3.jar:lib/nacos-console-2.4.3.jar\n");

        assertThat(BroughtInServer.read("2.4.3", folder, cache()).classpath())
                .containsExactly(folder.resolve("lib/nacos-core-2.4.3.jar"), folder.resolve("lib/nacos-console-2.4.3.jar"));

        Files.writeString(folder.resolve("classpath.txt"), "lib/nacos-core-2.4.3.jar:../../etc/passwd");
        assertRefused("2.4.3", folder, "classpath.txt names '../../etc/passwd', which is not a jar in it");
    }

    @Test
    void aClasspathTxtEntryThatIsNoFileNameOrLeavesTheServerIsRefusedAsInput() throws IOException {
        Path folder = ServerArchives.fakeServer(dir.resolve("s"), "2.4.3", JAVA_17);

        Files.writeString(folder.resolve("classpath.txt"), "lib/nacos-core-2.4.3.jar:lib/nacos\0console.jar");
        assertRefused("2.4.3", folder, "classpath.txt names 'lib/nacos\0console.jar', which is not a jar in it");

        Path absolute = folder.resolve("lib/nacos-console-2.4.3.jar").toAbsolutePath();
        Files.writeString(folder.resolve("classpath.txt"), "lib/nacos-core-2.4.3.jar:" + absolute);
        assertRefused("2.4.3", folder, "classpath.txt names '" + absolute + "', which is not a jar in it");
    }

    @Test
    void theOfficialLayoutIsBootedByItsManifestAndVersionedByItsNestedCoreJar() throws IOException {
        Path jars = ServerArchives.fakeServer(dir.resolve("jars"), "2.4.3", JAVA_17).resolve("lib");
        Path official = ServerArchives.officialServer(dir.resolve("nacos"), List.of(jars.resolve("nacos-core-2.4.3.jar"),
                jars.resolve("nacos-console-2.4.3.jar")), "org.springframework.boot.loader.PropertiesLauncher", null);
        Path archive = ServerArchives.tarGz(official, "nacos/", dir.resolve("nacos-server-2.4.3.tar.gz"));

        NacosDistribution server = BroughtInServer.read("2.4.3", archive, cache());

        assertThat(server.mainClass()).isEqualTo("org.springframework.boot.loader.PropertiesLauncher");
        assertThat(server.classpath()).singleElement().isEqualTo(server.directory().resolve("target/nacos-server.jar"));
        assertThat(server.hasConsole()).as("2.x's console is a page of each node").isFalse();
    }

    /** 3.x's official jar holds the console too, which runs apart from the nodes with {@code -d console}. */
    @Test
    void theOfficialThreeXJarIsItsOwnConsole() throws IOException {
        Path jars = ServerArchives.fakeServer(dir.resolve("jars"), "3.1.0", JAVA_17).resolve("lib");
        Path official = ServerArchives.officialServer(dir.resolve("nacos"), List.of(jars.resolve("nacos-core-3.1.0.jar"),
                jars.resolve("nacos-console-3.1.0.jar")), "org.springframework.boot.loader.PropertiesLauncher", null);

        NacosDistribution server = BroughtInServer.read("3.1.0", official, cache());

        assertThat(server.consoleClasspath()).isEqualTo(server.classpath());
    }

    @Test
    void theVersionKeyMustBeTheVersionTheServerHolds() throws IOException {
        Path archive = ServerArchives.tarGz(ServerArchives.fakeServer(dir.resolve("src"), "2.4.3", JAVA_17), "",
                dir.resolve("server.tgz"));
        assertRefused("2.5.0", archive, archive + ": holds Nacos 2.4.3, not 2.5.0: key it '2.4.3'");
        assertThat(cacheEntries()).as("an archive unpacked, then refused, leaves nothing in the cache").isEmpty();

        Path other = ServerArchives.tarGz(dir.resolve("other.tar.gz"), Map.of("README.md", "hello".getBytes()));
        assertRefused("2.4.3", other, other + ": not a Nacos server");
        assertThat(cacheEntries()).isEmpty();
    }

    @Test
    void aServerBuiltForANewerJavaIsRefusedSayingWhichJava() throws IOException {
        Path folder = ServerArchives.fakeServer(dir.resolve("s"), "9.0.0", 44 + Runtime.version().feature() + 1);
        int needed = Runtime.version().feature() + 1;
        assertRefused("9.0.0", folder, folder + ": Nacos 9.0.0 needs Java " + needed + " or later (its classes are class-file version "
                + (needed + 44) + "); the lab and its nodes run on Java " + Runtime.version().feature()
                + ": run upgrade-lab with JDK " + needed + " or later");
    }

    @Test
    void whatIsNotANacosServerIsRefused() throws IOException {
        Path missing = dir.resolve("absent.tar.gz");
        assertRefused("2.4.3", missing, missing + ": no such archive or folder");

        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertRefused("2.4.3", empty, empty + ": empty: not a Nacos server");

        Path other = ServerArchives.tarGz(dir.resolve("other.tar.gz"), Map.of("README.md", "hello".getBytes()));
        assertRefused("2.4.3", other, other + ": not a Nacos server: no target/nacos-server.jar and no lib/ folder");

        Path noMain = Files.createDirectories(dir.resolve("nomain/lib"));
        ServerArchives.zip(noMain.resolve("nacos-core-2.4.3.jar"), Map.of("x.txt", new byte[0]));
        assertRefused("2.4.3", noMain.getParent(), "not a Nacos server: no jar in lib/ holds com.alibaba.nacos.Nacos");

        Path text = Files.writeString(dir.resolve("nacos.txt"), "not an archive");
        assertRefused("2.4.3", text, text + ": not a folder nor an archive Nacos ships in (.tar.gz, .tgz, .zip)");

        Path broken = Files.writeString(dir.resolve("broken.tar.gz"), "not gzip");
        assertRefused("2.4.3", broken, broken + ": not unpacked: it does not read as a gzip-compressed tar archive");
    }

    @Test
    void entriesThatLeaveTheFolderOrLinkOutAreRefusedAndNothingIsLeftInTheCache() throws IOException {
        Path slip = ServerArchives.tarGz(dir.resolve("slip.tar.gz"), Map.of("nacos/../../evil.sh", "x".getBytes()));
        assertRefused("2.4.3", slip, slip + ": not unpacked: entry 'nacos/../../evil.sh' would be written outside the folder");

        Path absolute = ServerArchives.zip(dir.resolve("absolute.zip"), Map.of("/tmp/evil.sh", "x".getBytes()));
        assertRefused("2.4.3", absolute, "entry '/tmp/evil.sh' would be written outside the folder");

        Path link = ServerArchives.tarGzWithLink(dir.resolve("link.tar.gz"), "nacos/lib", "/etc");
        assertRefused("2.4.3", link, link + ": not unpacked: entry 'nacos/lib' is a link or a device");

        assertThat(Files.exists(dir.resolve("evil.sh"))).isFalse();
        assertThat(cacheEntries()).isEmpty();
    }

    private void assertRefused(String version, Path source, String message) {
        assertThatThrownBy(() -> BroughtInServer.read(version, source, cache()))
                .isInstanceOfSatisfying(LabException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT))
                .hasMessageContaining(message);
    }

    private Path cache() {
        return dir.resolve("cache");
    }

    private List<String> cacheEntries() throws IOException {
        if (!Files.isDirectory(cache())) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(cache())) {
            return entries.map(p -> p.getFileName().toString()).toList();
        }
    }
}
