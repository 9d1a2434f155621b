package io.upgradelab.runner.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h/--help} alone, for the commands that cannot take picocli's standard help options:
 * their {@code -V/--version} would clash with {@code cluster up --version} (a Nacos version), and
 * a version flag on every subcommand says nothing the top level does not.
 */
final class HelpOption {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;
}
