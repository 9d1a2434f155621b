package io.upgradelab.distribution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A command of this machine's, run to its end with its output in a file; bounded in time, stopped by its PID. */
final class HostCommand {

    /** How it ended. */
    record Result(int exitCode, String output) {
    }

    private HostCommand() {
    }

    static Result run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        return run(command, timeout, Path.of("."));
    }

    static Result run(List<String> command, Duration timeout, Path directory) throws IOException, InterruptedException {
        return run(command, Map.of(), timeout, directory);
    }

    static Result run(List<String> command, Map<String, String> environment, Duration timeout, Path directory)
            throws IOException, InterruptedException {
        Path output = Files.createTempFile("host-command", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new AssertionError(String.join(" ", command) + " still ran after " + timeout + ":\n"
                        + Files.readString(output));
            }
            return new Result(process.exitValue(), Files.readString(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** SIGTERM to the process and everything it started, then SIGKILL to what is left after 20 s. */
    static void stop(Process process) throws InterruptedException {
        List<ProcessHandle> all = process.descendants().toList();
        process.destroy();
        all.forEach(ProcessHandle::destroy);
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        for (ProcessHandle p : all) {
            p.onExit().completeOnTimeout(p, 20, TimeUnit.SECONDS).join();
            p.destroyForcibly();
        }
    }
}
