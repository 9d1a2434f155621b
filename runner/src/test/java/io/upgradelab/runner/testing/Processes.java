package io.upgradelab.runner.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Processes of this machine, as tests check that nothing outlived a run. */
public final class Processes {

    private Processes() {
    }

    /**
     * Live processes whose command line names {@code directory}: every process the lab starts for a
     * run does (its home, logs or data are there).
     */
    public static List<Long> using(Path directory) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .filter(p -> {
                        try {
                            return new String(Files.readAllBytes(p.resolve("cmdline"))).contains(directory.toString());
                        } catch (IOException e) {
                            return false;   // exited while we looked
                        }
                    })
                    .map(p -> Long.parseLong(p.getFileName().toString())).toList();
        }
    }
}
