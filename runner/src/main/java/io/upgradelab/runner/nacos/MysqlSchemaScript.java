package io.upgradelab.runner.nacos;

import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The MySQL schema a Nacos version ships for its config store, read from that version's own
 * {@code nacos-config} jar, as an operator takes it from the release: the database a version runs on
 * must hold its tables and columns (2.2 added {@code encrypted_data_key}, for one). Where the name is:
 * {@code META-INF/mysql-schema.sql} from 2.3, {@code META-INF/nacos-db.sql} up to 2.2 (1.4.1 included);
 * an official archive's {@code conf/} holds the same file ({@code mysql-schema.sql}, or
 * {@code nacos-mysql.sql} in 1.x).
 */
public final class MysqlSchemaScript {

    private static final List<String> IN_JAR = List.of("META-INF/mysql-schema.sql", "META-INF/nacos-db.sql");
    private static final List<String> IN_CONF = List.of("conf/mysql-schema.sql", "conf/nacos-mysql.sql");

    private MysqlSchemaScript() {
    }

    /** The script's text; a FAILED error naming the distribution when it ships none. */
    public static String of(NacosDistribution distribution) {
        for (Path jar : distribution.classpath()) {
            String name = jar.getFileName().toString();
            if (name.startsWith("nacos-config-") && Character.isDigit(name.charAt("nacos-config-".length()))) {
                Optional<String> script = inJar(jar);
                if (script.isPresent()) {
                    return script.get();
                }
            }
        }
        return inConf(distribution.directory()).orElseThrow(() -> new LabException(LabException.FAILED,
                "Nacos " + distribution.version() + " (" + distribution.directory() + ") ships no MySQL schema: none of "
                        + IN_JAR + " in its nacos-config jar, nor " + IN_CONF));
    }

    private static Optional<String> inJar(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (String name : IN_JAR) {
                ZipEntry entry = zip.getEntry(name);
                if (entry != null) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    private static Optional<String> inConf(Path directory) {
        for (String name : IN_CONF) {
            for (Path candidate : List.of(directory.resolve(name), directory.resolve("nacos").resolve(name))) {
                if (Files.isRegularFile(candidate)) {
                    try {
                        return Optional.of(Files.readString(candidate, StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + candidate, e);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
