package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Lists the Nacos server versions the build laid out, so a person knows what --version takes. */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = "List the Nacos server versions this build provides (runner/nacos-servers).")
final class VersionsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        NacosDistributions distributions = NacosDistributions.scan(LabHome.serverDistributions());
        if (distributions.versions().isEmpty()) {
            distributions.require("any");   // throws the "build them first" message
        }
        for (NacosDistribution d : distributions.all()) {
            spec.commandLine().getOut().printf("%-8s %3d jars  %s%n", d.version(), d.classpath().size(), d.directory());
        }
        return 0;
    }
}
