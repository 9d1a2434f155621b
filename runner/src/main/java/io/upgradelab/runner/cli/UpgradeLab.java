package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.Provenance;
import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code upgrade-lab} command line: the one entry point for people and CI pipelines.
 *
 * <p>Exit codes: 0 success, 1 the run failed (a node did not start...) or its gate failed, 2 invalid
 * input (a flag, a version, a port in use), 3 the gate inconclusive (gate, run --gate), 130 interrupted
 * (Ctrl-C).
 *
 * <p>Whatever it prints has its control characters escaped ({@link TerminalWriter}), so text from a
 * journal or a file never acts on the terminal; help is therefore printed without colours.
 */
@Command(name = "upgrade-lab",
        mixinStandardHelpOptions = true,
        versionProvider = UpgradeLab.Version.class,
        description = "Runs upgrade-impact experiments against real Nacos clusters: loads them with Dubbo"
                + " providers, upgrades servers and clients under load, and measures what consumers feel.",
        subcommands = {RunCommand.class, CalibrateCommand.class, ValidateCommand.class, PlanCommand.class, RenderCommand.class, ReportCommand.class, RunsCommand.class, CompareCommand.class, NoiseCommand.class, GateCommand.class, CheckCommand.class, PreflightCommand.class, ClusterCommand.class,
                VersionsCommand.class, CompletionCommand.class, CleanupCommand.class, ServeCommand.class, AutoComplete.GenerateCompletion.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 success, 1 the run failed, 2 invalid input, 3 the gate inconclusive,"
                + " 130 interrupted."})
public final class UpgradeLab {

    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** The configured command line on standard output and error, for main. */
    public static CommandLine newCommandLine() {
        CommandLine cli = new CommandLine(new UpgradeLab());
        return configure(cli, cli.getOut(), cli.getErr());
    }

    /** The configured command line printing to {@code out} and {@code err}, for tests that run it in-process. */
    public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        return configure(new CommandLine(new UpgradeLab()), out, err);
    }

    private static CommandLine configure(CommandLine cli, PrintWriter out, PrintWriter err) {
        cli.setExecutionExceptionHandler(UpgradeLab::handleFailure);
        cli.setParameterExceptionHandler(UpgradeLab::handleUsageError);
        // colours are escape sequences, which the writers escape like any other
        cli.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
        cli.setOut(TerminalWriter.of(out));
        cli.setErr(TerminalWriter.of(err));
        // picocli hides it by default; here it is how a shell learns the commands
        cli.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
        CommandConventions.apply(cli);
        return cli;
    }

    /** A {@link LabException} becomes one line (and the log to read); anything else is a bug, shown whole. */
    static int handleFailure(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof LabException lab) {
            err.println("upgrade-lab: " + lab.getMessage());
            lab.logFile().ifPresent(log -> err.println("  log: " + log));
            if (!lab.logTail().isEmpty()) {
                err.println("  last lines of the log:");
                lab.logTail().stream().skip(Math.max(0, lab.logTail().size() - 12))
                        .forEach(line -> err.println("    " + line));
            }
            err.flush();
            OutputOption.printFailure(cli, lab.exitCode(), lab.getMessage(), lab);
            return lab.exitCode();
        }
        err.println("upgrade-lab: internal error (please report it):");
        e.printStackTrace(err);
        err.flush();
        OutputOption.printFailure(cli, LabException.FAILED, "internal error (please report it): " + e, e);
        return LabException.FAILED;
    }

    static int handleUsageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println("upgrade-lab: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        OutputOption.printUsageFailure(cli, args, e.getMessage());
        return LabException.INVALID_INPUT;
    }

    /** The version the build stamped ({@link Provenance#toolVersion()}). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"upgrade-lab " + Provenance.toolVersion(),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ")"};
        }
    }
}
