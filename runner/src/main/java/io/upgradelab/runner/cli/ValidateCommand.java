package io.upgradelab.runner.cli;

import io.upgradelab.runner.experiment.ValidatedExperiment;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab validate}: checks an experiment file without starting anything, so a mistake
 * costs a second at the desk rather than a failed run half an hour in.
 */
@Command(name = "validate", sortOptions = false,
        description = {"Check an experiment file without starting anything.",
                "Checks the YAML, every field against experiments/experiment.schema.json (names, types, ranges,"
                        + " durations), then each phase in the context the ones before it leave (e.g. no 2.x"
                        + " clients before the servers are upgraded, no scale-down above the fleet's size), and the"
                        + " Nacos versions against those this build provides.",
                "Every error is listed at once, as FILE:LINE: FIELD: WHAT, in file order."},
        footer = {"", "Examples:",
                "  upgrade-lab validate experiments/nacos-1x-to-2x.yaml",
                "  upgrade-lab validate experiments/nacos-1x-to-2x.yaml --scale 0.02",
                "  upgrade-lab validate experiments/nacos-1x-to-2x.yaml --output json",
                "", "Output when valid:",
                "  experiments/nacos-1x-to-2x.yaml: valid (14 phases, expected ~31m)",
                "", "Exit codes: 0 valid, 2 invalid (the errors are on standard error) or no such file."})
final class ValidateCommand implements Callable<Integer>, OutputOption.JsonCommand {

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Mixin
    ExperimentArguments arguments;

    @Mixin
    OutputOption output;

    /**
     * A valid experiment, in JSON (an invalid one is a failure that lists its problems).
     *
     * @param file            the file as given
     * @param phases          how many phases it has
     * @param expectedSeconds how long it is expected to run, set-up included
     * @param notes           what could not be checked, and why (also on standard error)
     */
    record Valid(String file, int phases, long expectedSeconds, List<String> notes) {
    }

    @Override
    public Class<Valid> jsonType() {
        return Valid.class;
    }

    @Override
    public Integer call() {
        ValidatedExperiment valid = arguments.load();
        int phases = valid.experiment().phases().size();
        if (output.json()) {
            OutputOption.print(spec, new Valid(valid.file(), phases, valid.timeline().total().toSeconds(), valid.notes()));
        } else {
            spec.commandLine().getOut().println(valid.file() + ": valid (" + phases + (phases == 1 ? " phase" : " phases")
                    + ", expected " + ExperimentArguments.approximately(valid.timeline().total()) + ")");
        }
        valid.notes().forEach(note -> spec.commandLine().getErr().println("upgrade-lab: note: " + note));
        return 0;
    }
}
