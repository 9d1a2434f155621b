package io.upgradelab.runner.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.kubernetes.LabLabels;
import io.upgradelab.runner.backend.kubernetes.RunnerManifests;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.render.ExperimentManifests;
import io.upgradelab.runner.render.Kustomization;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code upgrade-lab render}: what a backend would create for an experiment, written out for review
 * before a run, so a person (or a cluster's admission policy) checks the manifests, not the lab's code.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Write what a backend would create for an experiment, for review, without creating anything.",
        subcommands = {RenderCommand.K8s.class})
final class RenderCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: try 'upgrade-lab render k8s EXPERIMENT'");
    }

    /** {@code upgrade-lab render k8s}: the kubernetes backend's manifests as YAML files. */
    @Command(name = "k8s", sortOptions = false,
            description = {"Write the Kubernetes manifests of an experiment as YAML, without contacting any cluster.",
                    "Validates the file as 'upgrade-lab validate' does, then writes what backend kubernetes would"
                            + " create, as the file's target section (and its 'kubernetes' settings) says: the"
                            + " namespace, the Nacos Service and StatefulSet, the fleet, probe and demo provider"
                            + " Deployments (replicas at the experiment's peak), the runner itself as a Job (with"
                            + " a ConfigMap of the experiment file, a volume for its runs, and a ServiceAccount,"
                            + " Role and RoleBinding allowing what the backend calls), a Secret with a new control"
                            + " token for the run (the fleet's and the probe's control ports answer nothing"
                            + " without it; the file is readable by its owner alone), NetworkPolicies letting only"
                            + " the runner reach those ports and only the lab's pods reach Nacos, and under"
                            + " faults/ the Chaos Mesh resource of each fault phase (PodChaos, NetworkChaos).",
                    "'kubectl apply -f DIR -l app.kubernetes.io/component!=runner' creates the cluster only;"
                            + " 'kubectl apply -f DIR/00-namespace.yaml' then 'kubectl apply -f DIR -l"
                            + " app.kubernetes.io/component=runner' runs the experiment in the cluster (the runner"
                            + " creates the Service and StatefulSet itself, and refuses to start on ones already"
                            + " there). Neither applies faults/: the lab creates each fault when its phase starts"
                            + " and deletes it when it ends.",
                    "Prints each file written, then what phases change without a resource of their own (the image"
                            + " of a rolling upgrade, a pod deleted). DIR/upgrade-lab-render.<experiment name>.txt"
                            + " lists the files written; the files an earlier render of the same experiment listed"
                            + " there and this one no longer writes are removed, other files are left alone."
                            + " Symbolic links in DIR are not followed."},
            footer = {"", "Examples:",
                    "  upgrade-lab render k8s experiments/nacos-1x-to-2x.yaml",
                    "  upgrade-lab render k8s experiments/nacos-1x-to-2x.yaml --out review --scale 0.02",
                    "  upgrade-lab render k8s experiments/nacos-1x-to-2x-k8s.yaml --kustomize --out deploy/kustomize/base",
                    "", "Exit codes: 0 written, 1 a file could not be written, 2 invalid experiment (the errors"
                    + " are on standard error), no such file, DIR a file, or its list of files edited wrongly."})
    static final class K8s implements Callable<Integer> {

        /** The first line of every file this command writes: how a later render knows its own files. */
        static final String HEADER = "# Rendered by upgrade-lab render k8s";
        /** The kustomize base's own file, with {@code --kustomize}. */
        static final String KUSTOMIZATION = "kustomization.yaml";
        /** fabric8's own mapping of its model (IntOrString, Quantity...), then YAML as a person reads it: no wrapped lines, few quotes. */
        private static final KubernetesSerialization MODEL = new KubernetesSerialization();
        private static final YAMLMapper YAML = YAMLMapper.builder()
                .disable(YAMLGenerator.Feature.SPLIT_LINES)
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)   // the experiment file in its ConfigMap, as written
                .build();

        @Spec
        CommandSpec spec;

        @Mixin
        HelpOption help;

        @Mixin
        ExperimentArguments arguments;

        @Option(names = {"--out-dir", "--out"}, paramLabel = "DIR",
                description = "Where to write the files. Default: k8s/<experiment name> under the current directory.")
        Path out;

        @Option(names = "--kustomize",
                description = {"Also write " + KUSTOMIZATION + ": a kustomize base of what runs the experiment (the"
                        + " namespace and the runner's resources), for 'kubectl apply -k DIR'. The Secret with the"
                        + " control token is then not written: create it with kubectl (deploy/README.md)."})
        boolean kustomize;

        @Override
        public Integer call() {
            ValidatedExperiment valid = arguments.load();
            Path dir = out != null ? out : Path.of("k8s", valid.experiment().name());
            ExperimentManifests manifests = ExperimentManifests.of(valid, text(arguments.file));
            PrintWriter stdout = spec.commandLine().getOut();
            write(manifests, dir, valid.file(), valid.experiment().name(), kustomize, stdout);
            manifests.notes().forEach(note -> stdout.println(note));
            if (kustomize) {
                stdout.println("run the experiment in the cluster with: "
                        + Kustomization.createSecret(valid.experiment().target().kubernetes().namespace())
                        + " after kubectl apply -k " + dir + " (the namespace first)");
            }
            stdout.println("apply the cluster alone with: kubectl apply -f " + dir + " -l "
                    + LabLabels.COMPONENT + "!=" + RunnerManifests.COMPONENT + " (not "
                    + ExperimentManifests.FAULTS + "/: the lab creates each fault in its phase)");
            stdout.println("run the experiment in the cluster with: kubectl apply -f "
                    + dir.resolve(manifests.namespaceFile().path()) + " && kubectl apply -f " + dir + " -l "
                    + LabLabels.COMPONENT + "=" + RunnerManifests.COMPONENT);
            PrintWriter err = spec.commandLine().getErr();
            if (!"kubernetes".equals(valid.experiment().target().backend())) {
                err.println("upgrade-lab: note: target.backend is " + valid.experiment().target().backend()
                        + "; these are the manifests backend kubernetes would create for this target");
            }
            valid.notes().forEach(note -> err.println("upgrade-lab: note: " + note));
            return 0;
        }

        /**
         * Writes {@code manifests} into {@code dir}, each file headed by where it came from ({@code source},
         * experiment {@code name}), and with {@code kustomize} {@value #KUSTOMIZATION} instead of the Secret's
         * file; removes what an earlier render of the experiment wrote there and this one does not.
         * Prints each file written or removed. The kustomize base under deploy/ is written by this too.
         */
        static void write(ExperimentManifests manifests, Path dir, String source, String name, boolean kustomize,
                          PrintWriter stdout) {
            String header = HEADER + " from " + source + " (experiment " + name + ").\n# ";
            List<ExperimentManifests.File> documents = manifests.files().stream()
                    .filter(f -> !(kustomize && f.resource() instanceof Secret)).toList();
            List<String> written = new ArrayList<>(documents.stream().map(ExperimentManifests.File::path).toList());
            if (kustomize) {
                written.add(KUSTOMIZATION);
            }
            RenderedFiles files = RenderedFiles.in(dir, name);
            files.prepare(written);
            for (ExperimentManifests.File file : documents) {
                Path path = files.write(file.path(), header + file.about() + "\n" + yaml(file.resource()),
                        file.resource() instanceof Secret);
                stdout.println("wrote " + path);
            }
            if (kustomize) {
                stdout.println("wrote " + files.write(KUSTOMIZATION, header + Kustomization.about() + "\n"
                        + Kustomization.of(manifests), false));
            }
            files.replace(written, HEADER, name).forEach(p -> stdout.println("removed " + p + " (an earlier render's)"));
        }

        /** The experiment file's text, for the runner's ConfigMap; exit 1 when it cannot be read again. */
        private static String text(Path file) {
            try {
                return Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new LabException(LabException.FAILED, "cannot read " + file + " again: " + e);
            }
        }

        /** One resource as a YAML document, as kubectl takes it. */
        static String yaml(HasMetadata resource) {
            try {
                return YAML.writeValueAsString(MODEL.convertValue(resource, JsonNode.class));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write " + resource.getKind() + " as YAML", e);
            }
        }
    }
}
