package io.upgradelab.runner.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A fish completion script made from the command tree itself, as picocli makes the bash one: each command where its
 * parent's words were typed, each option of a command with its description, a value's candidates (the versions this
 * build provides) where the option has them, and files where it takes a path. One command tree, so a new command or
 * option completes in fish as soon as it exists.
 */
final class FishCompletion {

    private FishCompletion() {
    }

    /** The script for {@code root}, named {@code name} on the command line. */
    static String script(String name, CommandLine root) {
        StringBuilder fish = new StringBuilder("# fish completion for " + name + ", made by '" + name
                + " completion fish'\n# install: " + name + " completion fish > ~/.config/fish/completions/" + name
                + ".fish\ncomplete -c " + name + " -f\n");
        command(fish, name, root, List.of());
        return fish.toString();
    }

    private static void command(StringBuilder fish, String name, CommandLine command, List<String> path) {
        CommandSpec spec = command.getCommandSpec();
        String here = condition(path, command.getSubcommands().keySet());
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getValue().getCommandSpec().usageMessage().hidden() || !sub.getKey().equals(sub.getValue().getCommandName())) {
                continue;   // hidden, or an alias of a command listed under its name
            }
            fish.append("complete -c ").append(name).append(" -n ").append(quote(here)).append(" -a ")
                    .append(quote(sub.getKey())).append(" -d ").append(quote(first(sub.getValue().getCommandSpec()
                            .usageMessage().description()))).append('\n');
        }
        String within = path.isEmpty() ? "__fish_use_subcommand" : seen(path);
        for (OptionSpec option : spec.options()) {
            if (option.hidden()) {
                continue;
            }
            StringBuilder line = new StringBuilder("complete -c ").append(name).append(" -n ").append(quote(within));
            for (String n : option.names()) {
                line.append(n.startsWith("--") ? " -l " + n.substring(2) : " -s " + n.substring(1));
            }
            if (option.arity().max() > 0) {
                line.append(" -r");
                if (option.completionCandidates() != null) {
                    List<String> candidates = new ArrayList<>();
                    option.completionCandidates().forEach(candidates::add);
                    line.append(" -a ").append(quote(String.join(" ", candidates)));
                } else if (option.type() == Path.class) {
                    line.append(" -F");
                }
            }
            fish.append(line).append(" -d ").append(quote(first(option.description()))).append('\n');
        }
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getKey().equals(sub.getValue().getCommandName()) && !sub.getKey().equals("help")) {
                List<String> deeper = new ArrayList<>(path);
                deeper.add(sub.getKey());
                command(fish, name, sub.getValue(), deeper);
            }
        }
    }

    /** Where a command's subcommands are offered: its words typed, none of its subcommands yet. */
    private static String condition(List<String> path, java.util.Set<String> subcommands) {
        String none = "not __fish_seen_subcommand_from " + String.join(" ", subcommands);
        return path.isEmpty() ? "__fish_use_subcommand" : seen(path) + "; and " + none;
    }

    private static String seen(List<String> path) {
        return String.join("; and ", path.stream().map(word -> "__fish_seen_subcommand_from " + word).toList());
    }

    private static String first(String[] description) {
        String text = description.length == 0 ? "" : description[0].replaceAll("\\$\\{[A-Z-]+}", "").replaceAll("\\s+", " ")
                .strip();
        int stop = text.indexOf(". ");
        return stop > 0 ? text.substring(0, stop) : text.replaceAll("\\.$", "");
    }

    private static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
