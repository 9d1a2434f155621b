package io.upgradelab.runner.backend.containers;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * A node's console output, kept in the run directory: the containers of one node (one per version,
 * one per start) append to the same file, so the log survives the container and reads in order.
 */
final class ContainerLogFile implements Consumer<OutputFrame>, AutoCloseable {

    private final Path path;
    private final OutputStream out;

    ContainerLogFile(Path path) {
        this.path = path;
        try {
            Files.createDirectories(path.getParent());
            this.out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the node's log " + path, e);
        }
    }

    Path path() {
        return path;
    }

    /** A line of the lab's own, e.g. which container and image the lines below come from. */
    void mark(String line) {
        write(("--- upgrade-lab: " + line + " ---\n").getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void accept(OutputFrame frame) {
        if (frame.getBytes() != null) {
            write(frame.getBytes());
        }
    }

    private synchronized void write(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // a full disk must not stop the node: the log is for people, the lab reads the API
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            // nothing left to lose
        }
    }
}
