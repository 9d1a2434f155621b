package io.upgradelab.runner.process;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The files a JVM the lab starts (a Dubbo program, a gateway, a demo backend) reads beside its command
 * line, kept in the process's own directory: what it really ran with stays there to read afterwards.
 */
public final class JvmFiles {

    private JvmFiles() {
    }

    /**
     * The classpath as a java argument file ({@code @file}): some 80 jars named one by one would
     * make a command line longer than the 4 KiB the kernel shows of it, and the JDK, like ps, would
     * no longer tell its arguments.
     */
    public static Path classpathFile(Path directory, List<Path> classpath) {
        String joined = classpath.stream().map(Path::toString).collect(Collectors.joining(":"));
        return write(directory.resolve("classpath.args"),
                "-cp \"" + joined.replace("\\", "\\\\").replace("\"", "\\\"") + "\"\n");
    }

    /** This host's name (and localhost) on 127.0.0.1 only: no name a program looks up leaves the machine. */
    public static Path hostsFile(Path directory) {
        return write(directory.resolve("hosts"), "127.0.0.1 localhost " + Provenance.host() + "\n::1 localhost\n");
    }

    /** Writes {@code text} to {@code file}, its folders made; a file that cannot be written fails the step. */
    public static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot write " + file + ": " + e);
        }
    }
}
