package io.upgradelab.runner.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h/--help} alone, for the commands that do not take picocli's standard help options. Their
 * version option is added with every command's ({@link CommandConventions}): {@code -V/--version}.
 */
final class HelpOption {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;
}
