package io.upgradelab.runner.cli;

import io.upgradelab.runner.backend.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether the run directory's disk has room for what a run writes there, said before it starts.
 * Why: local Nacos nodes log every instance list they change (1.4.1's {@code [NACOS-RAFT] datum is
 * changed}), up to Nacos's own caps of several GB per node; a full-scale run here left 5.5 GB per
 * node, and a run that meets a full disk stops at its next journal line.
 */
final class DiskRoom {

    private static final long GIB = 1L << 30;
    /** Per local node: what a 40-minute full-scale run left here (5.5 GB), rounded up. */
    static final long PER_LOCAL_NODE = 6 * GIB;
    /** The journal, the fleet's, probe's and demo providers' logs, whatever the backend. */
    static final long BESIDES = GIB;

    private DiskRoom() {
    }

    /** A warning when the disk of {@code runDirectory} has less room than a run on {@code target} may need. */
    static Optional<String> warning(Path runDirectory, Target target) {
        try {
            Path existing = runDirectory.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            return existing == null ? Optional.empty()
                    : warning(Files.getFileStore(existing).getUsableSpace(), runDirectory, target);
        } catch (IOException e) {
            return Optional.empty();   // no answer from the file system: nothing to say before the run
        }
    }

    static Optional<String> warning(long usableBytes, Path runDirectory, Target target) {
        long needed = BESIDES + ("local".equals(target.backend()) ? target.nodes() * PER_LOCAL_NODE : 0);
        if (usableBytes >= needed) {
            return Optional.empty();
        }
        return Optional.of(gib(usableBytes) + " free where " + runDirectory + " is, and a run here may write up to "
                + gib(needed) + ("local".equals(target.backend()) ? " (mostly the " + target.nodes()
                + " Nacos nodes' own logs, capped by Nacos at several GB each)" : "")
                + ": a full disk stops the run at its next journal line; free some, or --out elsewhere");
    }

    private static String gib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) GIB);
    }
}
