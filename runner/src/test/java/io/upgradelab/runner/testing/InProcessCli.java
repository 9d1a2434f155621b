package io.upgradelab.runner.testing;

import io.upgradelab.runner.cli.UpgradeLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** {@code upgrade-lab} run in the test's JVM, as {@code main} configures it, with its output kept. */
public final class InProcessCli {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Runs {@code upgrade-lab args...} and returns its exit code. */
    public int run(String... args) {
        CommandLine cli = UpgradeLab.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        return cli.execute(args);
    }

    /** Standard output so far. */
    public String out() {
        return out.toString();
    }

    /** Forgets the output so far, for a second command in the same test. */
    public void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }

    /** Standard error so far. */
    public String err() {
        return err.toString();
    }
}
