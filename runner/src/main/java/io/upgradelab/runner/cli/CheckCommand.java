package io.upgradelab.runner.cli;

import io.upgradelab.reports.check.CheckText;
import io.upgradelab.reports.check.RegistryCheck;
import io.upgradelab.reports.check.RegistryEvidence;
import io.upgradelab.runner.Durations;
import io.upgradelab.runner.LabException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab check}: the registry's promises checked against what a run recorded, because the
 * figures (counts per node at sample times) can look fine while the registry dropped an instance the
 * fleet was told it had, or pushed a consumer an empty list between two samples.
 */
@Command(name = "check", sortOptions = false,
        description = {"Check the registry's promises against a run: every acknowledged live instance visible,"
                + " every dead one gone within a bound, no empty push while providers lived.",
                "Reads the fleet's registry log (RUN_DIR/fleet/registry.jsonl: every register and deregister the"
                        + " registry acknowledged, and what one subscriber per client version was pushed of a sample"
                        + " of services) and the journal's missing-instance diffs of the nodes. Prints each violation"
                        + " with its shortest timeline: service, instance, client, whose view, times (UTC). The gate's"
                        + " criteria ackedVisible, deadGoneWithin and noEmptyPush judge the same."},
        footer = {"", "Examples:",
                "  upgrade-lab check runs/latest",
                "  upgrade-lab check runs/latest --visible-within 2s --gone-within 45s --output json",
                "", "Exit codes: 0 every promise kept, 1 a violation, 2 invalid input (no journal, a registry log that"
                        + " does not read), 3 nothing to check (no registry log, no operation or no push)."})
final class CheckCommand implements Callable<Integer>, OutputOption.JsonCommand {

    /** The exit code when the evidence is too thin to check: neither kept (0) nor broken (1). */
    static final int NOTHING_TO_CHECK = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    HelpOption help;

    @Parameters(paramLabel = "RUN_DIR", description = "A run directory (or its journal.jsonl).")
    Path run;

    @Option(names = "--visible-within", paramLabel = "DURATION", defaultValue = "5s", converter = DurationConverter.class,
            description = "How long an acknowledged live instance may be missing from a view (default: ${DEFAULT-VALUE}).")
    java.time.Duration visibleWithin;

    @Option(names = "--gone-within", paramLabel = "DURATION", defaultValue = "30s", converter = DurationConverter.class,
            description = "How long a view may still list a dead instance (default: ${DEFAULT-VALUE}).")
    java.time.Duration goneWithin;

    @Option(names = "--most", paramLabel = "N", defaultValue = "20",
            description = "Violations shown per promise, with their timelines (default: ${DEFAULT-VALUE}).")
    int most;

    @Mixin
    OutputOption output;

    @Override
    public Class<RegistryCheck.Result> jsonType() {
        return RegistryCheck.Result.class;
    }

    @Override
    public Integer call() {
        RegistryCheck.Bounds bounds = new RegistryCheck.Bounds(
                DurationConverter.within("--visible-within", visibleWithin, java.time.Duration.ofMillis(1), Durations.MAX),
                DurationConverter.within("--gone-within", goneWithin, java.time.Duration.ofMillis(1), Durations.MAX));
        if (most < 0) {
            throw LabException.invalidInput("--most " + most + ": expected 0 or more");
        }
        RegistryCheck.Result result;
        try {
            result = RegistryCheck.check(RegistryEvidence.read(run.toAbsolutePath()), bounds);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw LabException.invalidInput(e.getMessage());
        }
        if (output.json()) {
            OutputOption.print(spec, result);
        } else {
            spec.commandLine().getOut().print(CheckText.render(result, most));
            spec.commandLine().getOut().flush();
        }
        if (result.coverage().thin().isPresent()) {
            return NOTHING_TO_CHECK;
        }
        return result.violations().isEmpty() ? 0 : 1;
    }
}
