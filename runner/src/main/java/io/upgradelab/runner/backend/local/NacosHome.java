package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.process.ProcessAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The home of a Nacos JVM the lab starts on loopback, a node or a 3.x console: {@code conf/} (its
 * {@code cluster.conf} and {@code application.properties}), {@code logs/}, {@code user-home/} and its
 * {@code console.log}, with the JVM properties that put Nacos's files there and keep it at its
 * address. One layout, so that a node and a console agree on where Nacos reads and writes.
 *
 * @param directory the home, under the run directory
 */
record NacosHome(Path directory) {

    /** Where Nacos writes its own logs ({@code nacos.logs.path}). */
    Path logs() {
        return directory.resolve("logs");
    }

    /** The process's console output. */
    Path consoleLog() {
        return directory.resolve("console.log");
    }

    /**
     * Makes {@code conf/}, {@code logs/} and {@code user-home/}, and writes {@code conf/cluster.conf}
     * ({@code members}; none for a standalone node) and {@code conf/application.properties} ({@code properties}).
     */
    void prepare(List<String> members, List<String> properties) {
        try {
            Files.createDirectories(directory.resolve("conf"));
            Files.createDirectories(logs());
            Files.createDirectories(directory.resolve("user-home"));
            if (!members.isEmpty()) {
                Files.write(directory.resolve("conf/cluster.conf"), members);
            }
            Files.write(directory.resolve("conf/application.properties"), properties);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + directory, e);
        }
    }

    /** The JVM, and the properties that name the process ({@code name}) and put Nacos's files in this home. */
    List<String> javaWithFilesHere(String name, String... memory) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(memory));
        command.addAll(List.of("-Dupgradelab.node=" + name, "-Dnacos.home=" + directory, "-Dnacos.logs.path=" + logs(),
                "-Duser.home=" + directory.resolve("user-home")));
        return command;
    }

    /** The properties that keep Nacos at {@code host}: its sockets, and the address it gives its peers. */
    static List<String> atAddress(String host) {
        return List.of("-Dserver.address=" + host, "-Dnacos.inetutils.ip-address=" + host,
                "-Dnacos.preferHostnameOverIp=false");
    }

    /** The last argument: Spring reads {@code conf/application.properties} over Nacos's own. */
    String configLocation() {
        return "--spring.config.additional-location=file:" + directory.resolve("conf") + "/";
    }

    /** The process's address ({@link ProcessAddress}) and its class path, as the environment carries them. */
    static Map<String, String> environment(String host, List<Path> classpath) {
        Map<String, String> environment = new HashMap<>(ProcessAddress.of(host).environment());
        environment.put("CLASSPATH", classpath.stream().map(Path::toString).collect(Collectors.joining(":")));
        return environment;
    }
}
