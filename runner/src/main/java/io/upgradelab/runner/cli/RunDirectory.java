package io.upgradelab.runner.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The run directory, as the commands that read a recorded run (report, gate) take it. */
final class RunDirectory {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The run's directory (it holds journal.jsonl).")
    Path path;
}
