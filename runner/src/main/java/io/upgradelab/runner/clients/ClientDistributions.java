package io.upgradelab.runner.clients;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.naming.VersionOrder;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The nacos-client versions this build provides, found by listing the clients directory
 * (shading/target/clients), as the server versions are found by listing theirs. The runner holds no
 * list of client versions: adding one to shading/ is adding it here. Names are versions or the
 * shorthands {@code 1x} and {@code 2x} ({@link ClientVersions}).
 */
public final class ClientDistributions {

    static final String DESCRIPTOR = "client.properties";

    private final Path root;
    private final Map<String, ClientDistribution> byVersion;

    private ClientDistributions(Path root, Map<String, ClientDistribution> byVersion) {
        this.root = root;
        this.byVersion = byVersion;
    }

    public static ClientDistributions scan(Path root) {
        Map<String, ClientDistribution> found = new TreeMap<>(VersionOrder.NUMERIC);
        if (Files.isDirectory(root)) {
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(dir -> Files.isRegularFile(dir.resolve(DESCRIPTOR))).map(ClientDistributions::read)
                        .forEach(c -> found.put(c.version(), c));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new ClientDistributions(root, Collections.unmodifiableMap(found));
    }

    private static ClientDistribution read(Path dir) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(dir.resolve(DESCRIPTOR))) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(DESCRIPTOR), e);
        }
        return new ClientDistribution(p.getProperty("version", dir.getFileName().toString()),
                p.getProperty("shadedPrefix", ""), dir.resolve("lib"));
    }

    /** Every version, in release order ({@link VersionOrder}). */
    public List<String> versions() {
        return List.copyOf(byVersion.keySet());
    }

    public List<ClientDistribution> all() {
        return List.copyOf(byVersion.values());
    }

    /** The version {@code name} (a version or a shorthand) stands for, when this build has it. */
    public Optional<ClientDistribution> find(String name) {
        return Optional.ofNullable(byVersion.get(ClientVersions.canonical(name)));
    }

    /** As {@link #find}; an unknown version is invalid input naming the known ones. */
    public ClientDistribution require(String name) {
        if (byVersion.isEmpty()) {
            throw new LabException(LabException.FAILED, "no nacos-client versions in " + root
                    + ": build them first (./mvnw -q package -DskipTests)");
        }
        return find(name).orElseThrow(() -> LabException.invalidInput(unknown(name)));
    }

    /** "unknown client version 'NAME': this build has 1.4.1, 2.0.4, ... (1x = 1.4.1, 2x = 2.0.4; see 'upgrade-lab versions')". */
    public String unknown(String name) {
        return "unknown client version '" + ControlCharacters.shown(name) + "': this build has " + String.join(", ", byVersion.keySet()) + " ("
                + ClientVersions.SHORTHANDS.entrySet().stream().map(e -> e.getKey() + " = " + e.getValue())
                .collect(Collectors.joining(", ")) + "; see 'upgrade-lab versions')";
    }
}
