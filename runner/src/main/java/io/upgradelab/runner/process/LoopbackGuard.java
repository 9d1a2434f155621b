package io.upgradelab.runner.process;

import io.upgradelab.runner.LabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The preload library that turns a child's wildcard binds into loopback binds
 * ({@code runner/src/main/c/loopback_bind.c}, built into {@code runner/target/native/}).
 *
 * <p>Why a native guard: the lab may bind nothing but 127.0.0.x, yet Nacos opens its gRPC and raft
 * ports on every interface and has no setting to change that. The guard makes the rule hold for
 * every process the lab starts, and a test asserts it from the kernel's socket table.
 */
public final class LoopbackGuard {

    /** Where the runner's build puts the library, under the runner's build output ({@link LabHome#built}). */
    static final String LIBRARY = "native/libloopback-bind.so";

    private LoopbackGuard() {
    }

    /** The built library, or empty where the build had no C compiler. */
    public static Optional<Path> library() {
        String explicit = System.getProperty("upgradelab.loopbackGuard");
        Path library = explicit != null ? Path.of(explicit) : builtLibrary();
        return Files.isRegularFile(library) ? Optional.of(library) : Optional.empty();
    }

    private static Path builtLibrary() {
        return LabHome.built("runner").resolve(LIBRARY);
    }

    /** What to tell a person when the guard is missing, or empty when it is there. */
    public static Optional<String> warning() {
        return library().isPresent() ? Optional.empty()
                : Optional.of("warning: " + builtLibrary() + " is missing (the build found no C"
                + " compiler): Nacos nodes will bind their gRPC and raft ports on all interfaces, not only 127.0.0.1");
    }
}
