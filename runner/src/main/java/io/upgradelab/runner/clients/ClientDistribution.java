package io.upgradelab.runner.clients;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * One nacos-client version as the build laid it out (shading/nacos-client-*): the unrelocated
 * client and its own libraries, for a Dubbo program launched on it, and the package prefix the
 * fleet's relocated copy lives under.
 *
 * @param version      the client version, e.g. {@code 2.3.2}
 * @param shadedPrefix the relocated copy's package prefix, e.g. {@code io.upgradelab.shaded.nacos_2_3_2}
 * @param lib          the client's jars in Maven's repository layout ({@code group/artifact/version/file.jar})
 */
public record ClientDistribution(String version, String shadedPrefix, Path lib) {

    /** The client's jars, each with its Maven coordinates. */
    public List<LaidOutJar> jars() {
        return LaidOutJar.under(lib);
    }

    /**
     * A jar in a folder laid out as a Maven repository: its identity (group and artifact as the
     * path gives them, e.g. {@code org/yaml/snakeyaml}) and its file.
     */
    public record LaidOutJar(String artifact, Path file) {

        /** Every jar under {@code root}, sorted by path; none when there is no such folder. */
        public static List<LaidOutJar> under(Path root) {
            if (!Files.isDirectory(root)) {
                return List.of();
            }
            try (Stream<Path> files = Files.walk(root)) {
                return files.filter(f -> f.toString().endsWith(".jar") && Files.isRegularFile(f)).sorted()
                        .map(f -> new LaidOutJar(root.relativize(f).getParent().getParent().toString(), f))
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + root, e);
            }
        }
    }
}
