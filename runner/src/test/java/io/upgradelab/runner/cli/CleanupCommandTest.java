package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.backend.local.LoopbackFirewall;
import io.upgradelab.runner.testing.InProcessCli;
import io.upgradelab.runner.testing.Iptables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code upgrade-lab cleanup} on this machine's real iptables (root required, as for the firewall's
 * own tests): the chain a killed runner left, made by hand under a pid no process can have, is named
 * and gone; a second cleanup finds nothing of it.
 */
class CleanupCommandTest {

    private final InProcessCli cli = new InProcessCli();
    private final String leftover = LoopbackFirewall.CHAIN_PREFIX + Iptables.deadPid();

    @BeforeEach
    void requireRootWithIptables() {
        Iptables.requireRootWithIptables();
    }

    @AfterEach
    void removeTheLeftover() {
        Iptables.removeChainQuietly(leftover);
    }

    @Test
    void removesTheChainOfADeadRunnerAndSaysSo() {
        Iptables.makeChain(leftover, "-d 127.0.0.7 -j DROP");

        assertThat(cli.run("cleanup")).as(cli.err()).isZero();

        assertThat(cli.out()).contains("removed iptables chain " + leftover + " and its jump from INPUT (its runner is gone)");
        assertThat(cli.out()).doesNotContain("nothing to clean");
        assertThat(Iptables.linesNaming(leftover)).isEmpty();

        cli.clear();
        assertThat(cli.run("cleanup")).isZero();
        assertThat(cli.out()).doesNotContain(leftover);
    }

    @Test
    void aCleanMachineHasNothingToClean() {
        cli.run("cleanup");   // whatever this machine had left
        cli.clear();

        assertThat(cli.run("cleanup")).as(cli.err()).isZero();
        assertThat(cli.out().strip()).isEqualTo("nothing to clean");
    }

    @Test
    void helpSaysWhatItRemoves() {
        assertThat(cli.run("cleanup", "--help")).isZero();
        assertThat(cli.out()).contains("Usage: upgrade-lab cleanup", "UPGRADE-LAB-PID", "upgrade-lab-PID-node-N", "7ab1:");
    }
}
