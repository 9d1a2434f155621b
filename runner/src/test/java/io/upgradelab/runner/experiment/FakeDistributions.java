package io.upgradelab.runner.experiment;

import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Laid-out Nacos server and client distributions with empty jars: enough for version checks, never for a launch. */
public final class FakeDistributions {

    private FakeDistributions() {
    }

    /** Lays out {@code versions} under {@code root} and returns root. */
    public static Path layOut(Path root, String... versions) throws IOException {
        for (String v : versions) {
            Path version = Files.createDirectories(root.resolve(v));
            Files.createDirectories(version.resolve("lib"));
            Files.writeString(version.resolve("lib/nacos.jar"), "");
            Files.writeString(version.resolve("classpath.txt"), "lib/nacos.jar");
            Files.writeString(version.resolve("distribution.properties"),
                    "version=" + v + "\nmainClass=com.alibaba.nacos.Nacos\n");
        }
        return root;
    }

    public static NacosDistributions scan(Path root, String... versions) throws IOException {
        return NacosDistributions.scan(layOut(root, versions));
    }

    /**
     * Client versions laid out as shading/ does under {@code root}: {@code client.properties} and a
     * {@code lib/} in Maven's repository layout holding the client's (empty) jar.
     */
    public static ClientDistributions clients(Path root, String... versions) throws IOException {
        for (String v : versions) {
            Path version = Files.createDirectories(root.resolve(v));
            Path jar = Files.createDirectories(version.resolve("lib/com/alibaba/nacos/nacos-client/" + v));
            Files.writeString(jar.resolve("nacos-client-" + v + ".jar"), "");
            Files.writeString(version.resolve("client.properties"),
                    "version=" + v + "\nshadedPrefix=io.upgradelab.shaded.nacos_" + v.replace('.', '_') + "\n");
        }
        return ClientDistributions.scan(root);
    }

    /** The repository's experiments/ folder (tests run in runner/). */
    public static Path experiments() {
        return Path.of(System.getProperty("basedir", ".")).resolve("../experiments").normalize();
    }
}
