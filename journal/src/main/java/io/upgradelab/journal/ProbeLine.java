package io.upgradelab.journal;

/** A probe second, copied into the journal as the probe wrote it. */
@LineType("probe")
public record ProbeLine(ProbeSecond second) {
}
