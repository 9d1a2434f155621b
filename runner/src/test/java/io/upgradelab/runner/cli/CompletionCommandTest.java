package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import org.junit.jupiter.api.Test;

/** Completion scripts from the command tree: bash as picocli makes it, fish as FishCompletion makes it. */
class CompletionCommandTest {

    private final InProcessCli cli = new InProcessCli();

    @Test
    void fishCompletesEveryCommandItsOptionsAndTheVersionsAFlagNames() {
        assertThat(cli.run("completion", "fish")).as(cli.err()).isZero();

        String fish = cli.out();
        assertThat(fish).startsWith("# fish completion for upgrade-lab").contains("complete -c upgrade-lab -f\n");
        for (String command : java.util.List.of("run", "validate", "gate", "compare", "report", "runs", "cluster")) {
            assertThat(fish).as(command).contains("complete -c upgrade-lab -n '__fish_use_subcommand' -a '" + command + "'");
        }
        assertThat(fish).contains("complete -c upgrade-lab -n '__fish_seen_subcommand_from cluster; and not"
                + " __fish_seen_subcommand_from up' -a 'up'");
        assertThat(fish).contains("-n '__fish_seen_subcommand_from cluster; and __fish_seen_subcommand_from up'"
                + " -l server-version -r -a '");
        assertThat(fish).containsPattern("-n '__fish_seen_subcommand_from serve; and __fish_seen_subcommand_from probe'"
                + " -l client -r -a '1x 2x[^']*'");
        assertThat(fish).contains("-n '__fish_seen_subcommand_from gate' -l policy -r -F -d 'The policy file (YAML)'");
        assertThat(fish).contains("-n '__fish_seen_subcommand_from run' -s q -l quiet -d ");
        assertThat(fish.lines().filter(l -> l.startsWith("complete ")))
                .allSatisfy(l -> assertThat(l.replace("\\'", "").chars().filter(c -> c == '\'').count() % 2).as(l)
                        .isZero());   // every quote closed: fish's \' inside one is a quote of the text
    }

    @Test
    void bashIsPicoclisScriptForTheWholeTree() {
        assertThat(cli.run("completion")).isZero();
        assertThat(cli.out()).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_upgrade-lab", "runs",
                "--server-version");
        cli.clear();
        assertThat(cli.run("completion", "tcsh")).isEqualTo(2);
    }
}
