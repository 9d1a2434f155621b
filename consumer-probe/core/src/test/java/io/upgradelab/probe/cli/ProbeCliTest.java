package io.upgradelab.probe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.probe.cli.ProbeCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.upgradelab.demo.ControlToken;
import picocli.CommandLine;

/** Bad arguments, or no control token: exit 2 and a message that names what is wrong, before anything starts. */
class ProbeCliTest {

    @TempDir
    Path dir;

    @Test
    void aRegistryOffLoopbackIsRefused() {
        assertThat(run("--registry", "127.0.0.1:8848,10.1.2.3:8848")).contains("--registry: 10.1.2.3:8848 is not on loopback");
    }

    @Test
    void aRateOrDurationThatMakesNoSenseIsRefused() {
        assertThat(run("--registry", "127.0.0.1:8848", "--rate", "0")).contains("rate must be above 0");
        assertThat(run("--registry", "127.0.0.1:8848", "--duration", "5 parsecs"))
                .contains("--duration", "'5 parsecs' is not a duration");
    }

    /** Arguments that are fine, but no control token in the environment: nothing starts that no runner could control. */
    @Test
    void withoutTheRunsControlTokenItDoesNotStart() {
        Assumptions.assumeTrue(System.getenv(ControlToken.VARIABLE) == null, "the test's own environment has no token");
        assertThat(run("--registry", "127.0.0.1:8848")).contains("UPGRADE_LAB_CONTROL_TOKEN is not set: the probe serves"
                + " its control port only to the runner that started it");
    }

    private String run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ProbeCli()).setErr(new PrintWriter(err));
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--out";
        all[args.length + 1] = dir.toString();
        assertThat(cli.execute(all)).isEqualTo(2);
        return err.toString();
    }
}
