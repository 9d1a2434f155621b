package io.upgradelab.runner.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.Problems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way in from an experiment file to something the engine can run: read the YAML with the
 * line of every field ({@link ExperimentFile}), check it against the schema ({@link ExperimentSchema}),
 * bind it ({@link ExperimentBinder}), plan it in context ({@link ExperimentValidator}), and either
 * return it with its timeline or throw {@link InvalidExperimentException} listing every error by
 * file and line.
 *
 * <p>When the schema finds errors only inside phases, the phases before the first broken one are
 * still planned, so their context errors are reported in the same pass.
 */
public final class Experiments {

    private static final Pattern IN_LIST = Pattern.compile("^/(phases|abortWhen)/(\\d+)(/.*)?$");

    private Experiments() {
    }

    /**
     * Loads and validates {@code file} against the Nacos distributions this installation has.
     *
     * @param scaleOverride replaces the file's {@code scale} when not null; must be more than 0
     * @throws InvalidExperimentException listing every error (exit code 2)
     * @throws LabException               (exit code 2) when the file cannot be read or the override is not positive
     */
    public static ValidatedExperiment load(Path file, Double scaleOverride) {
        return load(file, scaleOverride, NacosDistributions.installed());
    }

    /** {@link #load(Path, Double)} against {@code distributions}. */
    public static ValidatedExperiment load(Path file, Double scaleOverride, NacosDistributions distributions) {
        if (scaleOverride != null && !(scaleOverride > 0 && scaleOverride <= FleetScale.MAX_FACTOR)) {
            throw LabException.invalidInput("--scale " + scaleOverride + ": more than 0 and at most " + (int) FleetScale.MAX_FACTOR
                    + ", as the file's scale");
        }
        return validate(ExperimentFile.read(file), scaleOverride, distributions);
    }

    /** Validates an experiment already read, against the client versions this build laid out. */
    public static ValidatedExperiment validate(ExperimentFile file, Double scaleOverride,
                                               NacosDistributions distributions) {
        return validate(file, scaleOverride, distributions, ClientDistributions.scan(LabHome.clientDistributions()));
    }

    /** Validates an experiment already read, against {@code distributions} and {@code clients}. */
    public static ValidatedExperiment validate(ExperimentFile file, Double scaleOverride,
                                               NacosDistributions distributions, ClientDistributions clients) {
        Problems problems = new Problems();
        List<Problems.Problem> schemaProblems = ExperimentSchema.get().validate(file.tree());
        schemaProblems.forEach(p -> problems.add(p.pointer(), p.message()));

        Optional<JsonNode> bindable = schemaProblems.isEmpty() ? Optional.of(file.tree())
                : plannablePart(file.tree(), schemaProblems);
        Experiment experiment = null;
        Timeline timeline = null;
        List<String> notes = new ArrayList<>();
        if (bindable.isPresent()) {
            Optional<Experiment> bound = ExperimentBinder.bind(bindable.get(), problems);
            if (bound.isPresent()) {
                experiment = scaleOverride == null ? bound.get() : bound.get().withScale(scaleOverride);
                experiment = experiment.withTarget(experiment.target().withServersFrom(folderOf(file)));
                timeline = ExperimentValidator.plan(experiment, problems);
                if (!ExperimentValidator.checkVersions(experiment, distributions, problems)) {
                    notes.add("Nacos versions not checked: no server distributions in "
                            + LabHome.serverDistributions() + " (build them: ./mvnw -q package -DskipTests)");
                }
                if (!ExperimentValidator.checkClients(experiment, clients, problems)) {
                    notes.add("client versions not checked: no nacos-client versions in "
                            + LabHome.clientDistributions() + " (build them: ./mvnw -q package -DskipTests)");
                }
            }
        }
        if (!problems.isEmpty()) {
            List<ExperimentError> errors = problems.all().stream()
                    .map(p -> ExperimentError.at(file.name(), file.lines(), file.tree(), p.pointer(), p.message()))
                    .distinct()
                    .toList();
            throw new InvalidExperimentException(file.name(), errors);
        }
        return new ValidatedExperiment(file.name(), experiment, timeline, notes);
    }

    /** The folder of the experiment file, against which its relative paths are read. */
    private static Path folderOf(ExperimentFile file) {
        try {
            Path parent = Path.of(file.name()).toAbsolutePath().getParent();
            return parent == null ? Path.of("").toAbsolutePath() : parent;
        } catch (InvalidPathException e) {
            return Path.of("").toAbsolutePath();   // a name that is no path: an experiment given as text
        }
    }

    /**
     * The part of a tree with schema errors that can still be planned: when every error lies inside
     * a phase or an abortWhen condition, the phases before the first broken one and the sound
     * conditions. Empty when an error lies elsewhere (the target, the fleet...).
     */
    private static Optional<JsonNode> plannablePart(JsonNode tree, List<Problems.Problem> problems) {
        OptionalInt firstBrokenPhase = OptionalInt.empty();
        List<Integer> brokenConditions = new ArrayList<>();
        for (Problems.Problem problem : problems) {
            Matcher m = IN_LIST.matcher(problem.pointer());
            if (!m.matches()) {
                return Optional.empty();
            }
            int index = Integer.parseInt(m.group(2));
            if (m.group(1).equals("phases")) {
                firstBrokenPhase = OptionalInt.of(Math.min(index, firstBrokenPhase.orElse(Integer.MAX_VALUE)));
            } else {
                brokenConditions.add(index);
            }
        }
        ObjectNode part = tree.deepCopy();
        if (firstBrokenPhase.isPresent() && part.get("phases") instanceof ArrayNode phases) {
            while (phases.size() > firstBrokenPhase.getAsInt()) {
                phases.remove(phases.size() - 1);
            }
        }
        if (part.get("abortWhen") instanceof ArrayNode conditions) {
            brokenConditions.stream().distinct().sorted((a, b) -> b - a).forEach(i -> conditions.remove(i.intValue()));
        }
        return Optional.of(part);
    }
}
