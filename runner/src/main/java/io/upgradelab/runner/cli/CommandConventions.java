package io.upgradelab.runner.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * What every command of the lab has alike, set once on the whole tree rather than remembered in
 * each: {@code -V/--version} prints the lab's version (no option of a command takes that name for
 * something else: {@code cluster up}'s Nacos version is {@code --server-version}); the help's examples print whole, however long, so a
 * copied example runs; and a command with {@code --output json} lists the document's fields in its
 * help, read off the record it prints, so the list is never out of date.
 */
final class CommandConventions {

    /** Footer lines indented by this are examples (or their output), never wrapped. */
    private static final String EXAMPLE_INDENT = "  ";
    /** The help section that lists a JSON document's fields, before the footer. */
    private static final String JSON_SECTION = "jsonFields";

    private CommandConventions() {
    }

    /** Applies the conventions to {@code root} and every command under it. */
    static void apply(CommandLine root) {
        UpgradeLab.Version version = new UpgradeLab.Version();
        everyCommand(root).forEach(command -> {
            addVersion(command.getCommandSpec(), version);
            command.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, CommandConventions::footer);
            if (command.getCommandSpec().userObject() instanceof OutputOption.JsonCommand json) {
                List<String> keys = new ArrayList<>(command.getHelpSectionKeys());
                keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), JSON_SECTION);
                command.setHelpSectionKeys(keys);
                command.getHelpSectionMap().put(JSON_SECTION, help -> jsonFields(help, json.jsonType()));
            }
        });
    }

    /** The lab's version on {@code spec}, and an option that prints it where the command has none. */
    private static void addVersion(CommandSpec spec, CommandLine.IVersionProvider version) {
        spec.versionProvider(version);
        if (spec.options().stream().noneMatch(OptionSpec::versionHelp)) {
            spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                    .description("Print version information and exit.").build());
        }
    }

    /** {@code root} and the commands under it, each once (an alias names a command already listed). */
    static Stream<CommandLine> everyCommand(CommandLine root) {
        return Stream.concat(Stream.of(root), root.getSubcommands().values().stream().distinct()
                .flatMap(CommandConventions::everyCommand));
    }

    /**
     * The footer as picocli lays it out (each line formatted, prose wrapped at the help's width), but
     * an example as wide as it is.
     */
    static String footer(Help help) {
        StringBuilder footer = new StringBuilder();
        for (String line : help.commandSpec().usageMessage().footer()) {
            footer.append(lines(help, String.format(line), line.startsWith(EXAMPLE_INDENT)
                    ? Math.max(width(help), line.length() + 1) : width(help), 0));
        }
        return footer.toString();
    }

    /** "With --output json, standard output is one JSON document: {file, phases, ...}", and an error's. */
    private static String jsonFields(Help help, Class<? extends Record> type) {
        int width = width(help);
        return lines(help, "", width, 0)
                + lines(help, "With --output json, standard output is one JSON document:", width, 0)
                + lines(help, "  " + OutputOption.shape(type), width, 4)
                + lines(help, "or, on an error (exit code and message as on standard error):", width, 0)
                + lines(help, "  " + OutputOption.shape(OutputOption.Failure.class), width, 4);
    }

    /** {@code text} wrapped at {@code width} as picocli wraps a footer, wrapped lines indented by {@code indent}. */
    private static String lines(Help help, String text, int width, int indent) {
        Help.TextTable table = Help.TextTable.forColumnWidths(help.colorScheme(), width);
        table.indentWrappedLines = indent;
        for (Text row : help.colorScheme().text(text).splitLines()) {
            table.addRowValues(row);
        }
        return table.toString();
    }

    private static int width(Help help) {
        return help.commandSpec().usageMessage().width();
    }
}
