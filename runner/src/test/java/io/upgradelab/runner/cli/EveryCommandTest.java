package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What every command of {@code upgrade-lab} has alike: its version, a clean help, whole examples. */
class EveryCommandTest {

    private final InProcessCli cli = new InProcessCli();

    /** Every command's arguments, as typed after {@code upgrade-lab}: {@code []}, {@code [cluster, up]}... */
    private static List<String[]> everyCommand() {
        return CommandConventions.everyCommand(UpgradeLab.newCommandLine())
                .map(c -> c.getCommandSpec().qualifiedName(" ").split(" "))
                .map(words -> Arrays.copyOfRange(words, 1, words.length)).toList();
    }

    private static String[] with(String[] command, String... more) {
        String[] args = Arrays.copyOf(command, command.length + more.length);
        System.arraycopy(more, 0, args, command.length, more.length);
        return args;
    }

    @Test
    void theTreeHasEveryCommand() {
        assertThat(everyCommand()).extracting(words -> String.join(" ", words))
                .contains("", "validate", "plan", "gate", "compare", "cluster", "cluster up", "render k8s",
                        "generate-completion", "help").hasSizeGreaterThan(15);
    }

    @Test
    void everyCommandPrintsTheLabsVersionAndExitsZero() {
        for (String[] command : everyCommand()) {
            for (String flag : List.of("-V", "--version")) {
                cli.clear();
                assertThat(cli.run(with(command, flag))).as("%s %s", String.join(" ", command), flag).isZero();
                assertThat(cli.out()).as("%s %s", String.join(" ", command), flag)
                        .startsWith("upgrade-lab ").contains("Java " + System.getProperty("java.version"));
                assertThat(cli.err()).isEmpty();
            }
        }
    }

    /** No flag shadows another's meaning: the Nacos version cluster up starts is --server-version, --version the lab's. */
    @Test
    void clusterUpNamesTheNacosVersionApartFromTheLabsVersion() {
        assertThat(cli.run("cluster", "up", "--help")).isZero();
        assertThat(cli.out()).contains("--server-version=VERSION", "Nacos server version", "-V, --version")
                .contains("--start-timeout=DURATION");
    }

    /** One convention: -o/--output FORMAT wherever a command answers in JSON, --out-dir DIR (or --out) for a folder. */
    @Test
    void outputIsDashOAndAFolderIsOutDir() {
        for (String command : List.of("validate", "plan", "gate", "compare", "runs")) {
            cli.clear();
            assertThat(cli.run(command, "--help")).isZero();
            assertThat(cli.out()).as(command).contains("-o, --output=FORMAT");
        }
        for (String command : List.of("run", "report", "compare", "noise", "calibrate")) {
            cli.clear();
            assertThat(cli.run(command, "--help")).isZero();
            assertThat(cli.out()).as(command).contains("--out, --out-dir=DIR");
        }
    }

    @Test
    void everyHelpPrintsWithoutAPicocliWarning() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (String[] command : everyCommand()) {
                cli.clear();
                assertThat(cli.run(with(command, "--help"))).as(String.join(" ", command)).isZero();
                assertThat(cli.out()).as(String.join(" ", command)).contains("Usage: upgrade-lab");
                assertThat(cli.err()).as(String.join(" ", command)).doesNotContain("[picocli WARN]");
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("[picocli WARN]").isEmpty();
    }

    @Test
    void compareHelpShowsThePercentSign() {
        assertThat(cli.run("compare", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("probe success %, no-provider errors");
    }

    /** The examples in every help footer, each on one line of the help as written, so a copy runs. */
    @Test
    void everyExampleIsPrintedWholeOnOneLine() {
        CommandConventions.everyCommand(UpgradeLab.newCommandLine()).forEach(command -> {
            String name = command.getCommandSpec().qualifiedName(" ");
            List<String> examples = Arrays.stream(command.getCommandSpec().usageMessage().footer())
                    .filter(line -> line.startsWith("  upgrade-lab ")).toList();
            cli.clear();
            cli.run(with(Arrays.copyOfRange(name.split(" "), 1, name.split(" ").length), "--help"));
            List<String> help = cli.out().lines().map(String::stripTrailing).toList();
            assertThat(help).as(name).containsAll(examples);
        });
        // the longest of them, which picocli's 80 columns used to break
        cli.clear();
        cli.run("gate", "--help");
        assertThat(cli.out().lines()).contains("  upgrade-lab gate runs/nacos-1x-to-2x-ci-20261122-035106 --policy"
                + " experiments/nacos-1x-to-2x.policy.yaml");
    }

    /** Prose in a footer still wraps at the help's width: only examples are printed as long as they are. */
    @Test
    void footerProseStillWraps() {
        cli.run("run", "--help");
        String exitCodes = cli.out().substring(cli.out().indexOf("Exit codes:"));
        assertThat(exitCodes.lines().findFirst().orElseThrow().length()).isLessThanOrEqualTo(80);
        assertThat(exitCodes.lines().limit(2).toList()).hasSize(2);
    }

    @Test
    void generateCompletionPrintsABashScriptForEveryCommand() {
        assertThat(cli.run("generate-completion")).isZero();
        assertThat(cli.out()).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_upgrade-lab");
        for (String command : List.of("run", "calibrate", "validate", "plan", "render", "report", "compare", "gate",
                "cluster", "versions", "cleanup")) {
            assertThat(cli.out()).as(command).contains(command);
        }
        assertThat(cli.out()).contains("--policy", "--output");

        cli.clear();
        assertThat(cli.run("--help")).isZero();
        assertThat(cli.out()).contains("generate-completion");
    }

    @Test
    void theVersionProviderIsTheTopCommands() {
        CommandLine root = UpgradeLab.newCommandLine();
        assertThat(CommandConventions.everyCommand(root))
                .allSatisfy(c -> assertThat(c.getCommandSpec().versionProvider()).isInstanceOf(UpgradeLab.Version.class));
    }

    /** The fields each --output json document has, listed in its help from the record it is written from. */
    @Test
    void everyJsonCommandListsItsDocumentsFieldsInItsHelp() {
        for (String command : List.of("validate", "plan", "gate", "compare")) {
            cli.clear();
            assertThat(cli.run(command, "--help")).isZero();
            assertThat(cli.out().replaceAll("\\s+", " ")).as(command).contains("--output=FORMAT",
                    "With --output json, standard output is one JSON document:",
                    "or, on an error (exit code and message as on standard error): {error: {exitCode, message, problems: [{file, line,"
                            + " column, field, message}]}}");
        }
        cli.clear();
        cli.run("validate", "--help");
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("{file, phases, expectedSeconds, notes: []}");
        cli.clear();
        cli.run("gate", "--help");
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("{run, policy, status, passed, summary, failure, junit,"
                + " verdicts: [{criterion, status, verdict, kind, phases: [], value, unit, threshold, comparison, measured,"
                + " seconds, dryRun, measure: {value, unit, bound, interval: {low, high, method}, n, of}, passed}]}");
    }
}
