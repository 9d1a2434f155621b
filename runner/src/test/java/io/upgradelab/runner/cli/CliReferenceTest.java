package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.GeneratedPage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command reference (docs/reference/commands.md) is every command's own {@code --help}, so it cannot
 * drift from the code: a changed option changes the page, and this test fails until it is made again:
 * {@code ./mvnw -B -ntp -o -q -pl runner test -Dtest=CliReferenceTest -Dupgradelab.writeDocs=true}.
 */
class CliReferenceTest {

    private static final Path PAGE = GeneratedPage.inDocs("reference/commands.md");

    @Test
    void theCommittedReferenceIsTheHelpOfEveryCommand() throws IOException {
        String made = page();
        GeneratedPage.assertCommitted(PAGE, made);
    }

    @Test
    void everyVisibleCommandHasItsSection() {
        assertThat(page()).contains("## `upgrade-lab run`", "## `upgrade-lab gate`", "## `upgrade-lab report`",
                "## `upgrade-lab validate`");
    }

    private static String page() {
        StringBuilder page = new StringBuilder("""
                # Commands

                Made from each command's `--help` by `CliReferenceTest`: do not edit by hand. The guide tells what
                they are for; `upgrade-lab COMMAND --help` prints the same.
                """);
        append(page, UpgradeLab.newCommandLine());
        return page.toString();
    }

    private static void append(StringBuilder page, CommandLine command) {
        page.append("\n## `").append(command.getCommandSpec().qualifiedName()).append("`\n\n```\n")
                .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()).append("\n```\n");
        for (CommandLine sub : new LinkedHashSet<>(command.getSubcommands().values())) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                append(page, sub);
            }
        }
    }
}
