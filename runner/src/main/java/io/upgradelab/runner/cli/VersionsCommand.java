package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Lists the Nacos server versions the build laid out, and those an experiment brings
 * (target.servers), so a person knows what --version and an experiment's versions can name.
 */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = {"List the Nacos server versions this build provides (runner/nacos-servers).",
                "With an experiment file, also the servers it brings (target.servers), each with the archive or folder"
                        + " it came from, once checked to be a Nacos server of that version that runs on this Java."})
final class VersionsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT",
            description = "An experiment file whose brought-in servers (target.servers) to list too.")
    Path experiment;

    @Override
    public Integer call() {
        NacosDistributions builtIn = NacosDistributions.scan(LabHome.serverDistributions());
        Map<String, String> servers = experiment == null ? Map.of()
                : Experiments.load(experiment, null, builtIn).experiment().target().servers();
        NacosDistributions distributions = builtIn.withBroughtIn(servers);
        if (distributions.versions().isEmpty()) {
            distributions.require("any");   // throws the "build them first" message
        }
        for (NacosDistribution d : distributions.all()) {
            spec.commandLine().getOut().printf("%-8s %3d jars  %s%s%n", d.version(), d.classpath().size(), d.directory(),
                    d.source().map(source -> "  (brought in: " + source + ")").orElse(""));
        }
        return 0;
    }
}
