package io.upgradelab.runner.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Prints a completion script for a shell, every command, option and offered version in it. */
@Command(name = "completion", sortOptions = false,
        description = {"Print a shell completion script: every command and option, the Nacos server and nacos-client"
                + " versions this build provides where a flag names one (cluster up --server-version, serve --client),"
                + " and files where a flag takes a path."},
        footer = {"", "Examples:",
                "  source <(upgrade-lab completion bash)                               # bash, zsh (bashcompinit)",
                "  upgrade-lab completion fish > ~/.config/fish/completions/upgrade-lab.fish",
                "", "Exit codes: 0 printed, 2 a shell it does not know."})
final class CompletionCommand implements Callable<Integer> {

    /** The shells it writes for. */
    enum Shell { bash, zsh, fish }

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SHELL", defaultValue = "bash",
            description = "bash (the default), zsh (the same script, with bashcompinit) or fish.")
    Shell shell;

    @Override
    public Integer call() {
        String name = spec.root().name();
        String script = shell == Shell.fish ? FishCompletion.script(name, spec.root().commandLine())
                : AutoComplete.bash(name, spec.root().commandLine());
        spec.commandLine().getOut().print(script);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
