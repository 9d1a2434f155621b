package io.upgradelab.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An OCI image archive unpacked as a container runtime would: its layers, in order, into one root file
 * system, and its entrypoint, environment and working directory from its configuration. A command
 * runs there as in a container sharing this machine's network: in a mount namespace of its own
 * (so the /proc and /dev it mounts vanish with it), with that root ({@code unshare --root}) and
 * nothing of this machine's files besides. No network namespace and no interface is created.
 */
final class ImageRoot {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SBIN_PATH = List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin");

    private final Path root;
    private final List<String> entrypoint;
    private final Map<String, String> environment;
    private final String workingDirectory;

    private ImageRoot(Path root, List<String> entrypoint, Map<String, String> environment, String workingDirectory) {
        this.root = root;
        this.entrypoint = entrypoint;
        this.environment = environment;
        this.workingDirectory = workingDirectory;
    }

    /**
     * Unpacks {@code archive} (an OCI image layout in a tar, its index naming one image per platform) into
     * {@code directory}/root: the image for {@code architecture} ({@code amd64}, {@code arm64}).
     */
    static ImageRoot unpack(Path archive, Path directory, String architecture) throws IOException, InterruptedException {
        Path layout = directory.resolve("layout");
        Path root = directory.resolve("root");
        Files.createDirectories(layout);
        Files.createDirectories(root);
        untar(archive, layout, "-xf");
        JsonNode manifest = JSON.readTree(blob(layout, manifestFor(layout, architecture)).toFile());
        for (JsonNode layer : manifest.path("layers")) {
            untar(blob(layout, layer.path("digest").asText()), root, "-xzf");
        }
        JsonNode config = JSON.readTree(blob(layout, manifest.at("/config/digest").asText()).toFile()).path("config");
        List<String> entrypoint = new ArrayList<>();
        config.path("Entrypoint").forEach(e -> entrypoint.add(e.asText()));
        Map<String, String> environment = new HashMap<>();
        config.path("Env").forEach(e -> {
            String[] pair = e.asText().split("=", 2);
            environment.put(pair[0], pair[1]);
        });
        return new ImageRoot(root, List.copyOf(entrypoint), Map.copyOf(environment),
                config.path("WorkingDir").asText("/"));
    }

    /** The digest of {@code architecture}'s manifest, found as a runtime finds it: index.json, then its image index. */
    static String manifestFor(Path layout, String architecture) throws IOException {
        JsonNode index = JSON.readTree(layout.resolve("index.json").toFile());
        JsonNode platforms = JSON.readTree(blob(layout, index.at("/manifests/0/digest").asText()).toFile());
        for (JsonNode manifest : platforms.path("manifests")) {
            if (manifest.at("/platform/architecture").asText().equals(architecture)) {
                return manifest.path("digest").asText();
            }
        }
        throw new AssertionError("no " + architecture + " image in " + platforms);
    }

    /** The blob of {@code digest} in an unpacked image layout. */
    static Path blob(Path layout, String digest) {
        String[] parts = digest.split(":", 2);
        return layout.resolve("blobs").resolve(parts[0]).resolve(parts[1]);
    }

    Path root() {
        return root;
    }

    List<String> entrypoint() {
        return entrypoint;
    }

    /** Runs the entrypoint with {@code args} to its end. */
    HostCommand.Result run(List<String> args, Map<String, String> extraEnvironment, Duration timeout)
            throws IOException, InterruptedException {
        return toEnd(command(args), environment(extraEnvironment), timeout);
    }

    /** Runs {@code command} in the image, not its entrypoint (e.g. its shell), to its end. */
    HostCommand.Result runCommand(List<String> command, Duration timeout) throws IOException, InterruptedException {
        return toEnd(inRoot(command), environment, timeout);
    }

    /** Starts the entrypoint with {@code args}, its output in {@code log}. */
    Running start(List<String> args, Map<String, String> extraEnvironment, Path log) throws IOException {
        return launch(command(args), environment(extraEnvironment), log);
    }

    private HostCommand.Result toEnd(List<String> argv, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile("image-run", ".log");
        try (Running running = launch(argv, env, log)) {
            int exitCode = running.awaitExit(timeout);
            return new HostCommand.Result(exitCode, running.output());
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private Running launch(List<String> argv, Map<String, String> env, Path log) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(argv).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        return new Running(builder.start(), log);
    }

    /** A process running in the image. */
    record Running(Process process, Path log) implements AutoCloseable {

        String output() {
            try {
                return Files.readString(log);
            } catch (IOException e) {
                return "(" + log + ": " + e + ")";
            }
        }

        boolean isAlive() {
            return process.isAlive();
        }

        /** Its exit code once it exits by itself; stopped, and a failed assertion, if it runs past {@code timeout}. */
        int awaitExit(Duration timeout) throws InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                HostCommand.stop(process);
                throw new AssertionError("still running after " + timeout + ":\n" + output());
            }
            return process.exitValue();
        }

        @Override
        public void close() throws InterruptedException {
            if (process.isAlive()) {
                HostCommand.stop(process);
            }
        }
    }

    /**
     * {@code unshare --mount --fork}, a shell there that mounts /proc and binds /dev into the root, then
     * {@code unshare --root --wd} into it and the entrypoint.
     */
    private List<String> command(List<String> args) {
        List<String> command = new ArrayList<>(entrypoint);
        command.addAll(args);
        return inRoot(command);
    }

    private List<String> inRoot(List<String> inside) {
        List<String> command = new ArrayList<>(List.of(hostTool("unshare"), "--mount", "--fork", "--", "/bin/sh", "-c",
                "set -e; root=$1; shift; " + hostTool("mount") + " -t proc proc \"$root/proc\"; "
                        + hostTool("mount") + " --rbind /dev \"$root/dev\"; exec " + hostTool("unshare")
                        + " --root=\"$root\" --wd=" + workingDirectory + " -- \"$@\"",
                "image-root", root.toString()));
        command.addAll(inside);
        return command;
    }

    private Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> all = new HashMap<>(environment);
        all.putAll(extra);
        return all;
    }

    private static String hostTool(String name) {
        return SBIN_PATH.stream().map(d -> Path.of(d, name)).filter(Files::isExecutable).findFirst()
                .map(Path::toString).orElseThrow(() -> new AssertionError(name + " is not on this machine"));
    }

    private static void untar(Path archive, Path into, String mode) throws IOException, InterruptedException {
        HostCommand.Result result = HostCommand.run(List.of("tar", mode, archive.toString(), "-C", into.toString()),
                Duration.ofMinutes(3));
        if (result.exitCode() != 0) {
            throw new AssertionError("tar " + mode + " " + archive + ": " + result.output());
        }
    }
}
