package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.local.LocalCluster;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The commands {@code cluster up} reads from standard input while the cluster runs. Each line is
 * parsed by picocli like a command line, so errors and help read the same as everywhere else.
 */
@Command(name = "", description = "Console commands for the running cluster.",
        subcommands = CommandLine.HelpCommand.class)
final class ClusterConsole {

    static final String SUMMARY = "status, upgrade N VERSION, stop N, kill N, start N, pause N, resume N, help, quit";

    private final LocalCluster cluster;
    private final PrintWriter out;
    private final PrintWriter err;
    private final CommandLine commands;
    private boolean quit;

    ClusterConsole(LocalCluster cluster, PrintWriter out, PrintWriter err) {
        this.cluster = cluster;
        this.out = out;
        this.err = err;
        this.commands = new CommandLine(this).setOut(out).setErr(err)
                .setExecutionExceptionHandler((e, cli, parsed) -> {
                    err.println(e instanceof LabException ? "error: " + e.getMessage() : "error: " + e);
                    err.flush();
                    return 1;
                })
                .setParameterExceptionHandler((e, args) -> {
                    err.println("error: " + e.getMessage() + " (type 'help')");
                    err.flush();
                    return 2;
                });
    }

    /** Runs one console line; returns false once the user asked to quit. */
    boolean execute(String line) {
        String[] words = line.trim().split("\\s+");
        if (words[0].isEmpty()) {
            return true;
        }
        if (!commands.getSubcommands().containsKey(words[0])) {
            err.println("error: unknown command '" + words[0] + "'; commands: " + SUMMARY);
            err.flush();
            return true;
        }
        commands.execute(words);
        out.flush();
        return !quit;
    }

    @Command(name = "status", description = "Show every node: address, version, PID, state, CPU, RSS, log.")
    void printStatus() {
        out.printf("%-5s %-16s %-8s %-8s %-8s %6s %8s  %s%n", "NODE", "ADDRESS", "VERSION", "PID", "STATE",
                "CPU%", "RSS", "LOG");
        for (NodeStatus node : cluster.nodes()) {
            NodeResources r = cluster.sample(node.number());
            out.printf("%-5d %-16s %-8s %-8d %-8s %6.1f %6dMiB  %s%n", node.number(), node.address(),
                    node.version(), node.pid(), node.state(), r.cpuPercent(), r.rssMiB(), node.log());
        }
        out.flush();
    }

    @Command(name = "upgrade", description = "Stop node N and start VERSION on the same data (a rolling-upgrade step).")
    void upgrade(@Parameters(paramLabel = "N") int node, @Parameters(paramLabel = "VERSION") String version) {
        cluster.upgradeNode(node, version);
        printStatus();
    }

    @Command(name = "stop", description = "Stop node N gracefully (SIGTERM).")
    void stop(@Parameters(paramLabel = "N") int node) {
        cluster.stopNode(node, StopMode.GRACEFUL);
    }

    @Command(name = "kill", description = "Kill node N as a crash would (SIGKILL).")
    void kill(@Parameters(paramLabel = "N") int node) {
        cluster.stopNode(node, StopMode.KILL);
    }

    @Command(name = "start", description = "Start stopped node N again on its last version.")
    void start(@Parameters(paramLabel = "N") int node) {
        cluster.startNode(node);
        printStatus();
    }

    @Command(name = "pause", description = "Freeze node N (SIGSTOP).")
    void pause(@Parameters(paramLabel = "N") int node) {
        cluster.pauseNode(node);
    }

    @Command(name = "resume", description = "Unfreeze node N (SIGCONT).")
    void resume(@Parameters(paramLabel = "N") int node) {
        cluster.resumeNode(node);
    }

    @Command(name = "quit", aliases = "exit", description = "Stop every node and exit.")
    void quit() {
        quit = true;
    }
}
