package io.upgradelab.runner.cli;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistribution;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Lists the Nacos server versions the build laid out, and those an experiment brings
 * (target.local.servers), then the nacos-client versions, so a person knows what --version, an
 * experiment's server versions and its client versions can name.
 */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = {"List the Nacos server versions this build provides (runner/nacos-servers), then its nacos-client"
                + " versions (shading/; lines starting 'client'), which fleet.client, probe.client and"
                + " rollingClientUpgrade.to name, 1x and 2x standing for 1.4.1 and 2.0.4.",
                "With an experiment file, also the servers it brings (target.local.servers), each with the archive or"
                        + " folder it came from, once checked to be a Nacos server of that version that runs on this Java."})
final class VersionsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "EXPERIMENT",
            description = "An experiment file whose brought-in servers (target.local.servers) to list too.")
    Path experiment;

    @Override
    public Integer call() {
        NacosDistributions builtIn = NacosDistributions.installed();
        Map<String, String> servers = experiment == null ? Map.of()
                : Experiments.load(experiment, null, builtIn).experiment().target().local().servers();
        NacosDistributions distributions = builtIn.withBroughtIn(servers);
        if (distributions.versions().isEmpty()) {
            distributions.require("any");   // throws the "build them first" message
        }
        for (NacosDistribution d : distributions.all()) {
            spec.commandLine().getOut().printf("%-8s %3d jars  %s%s%n", d.version(), d.classpath().size(), d.directory(),
                    d.source().map(source -> "  (brought in: " + source + ")").orElse(""));
        }
        for (String version : distributions.buildable()) {
            spec.commandLine().getOut().printf("%-8s built on first use from Maven Central (runner/nacos-servers/%s/pom.xml)%n",
                    version, version);
        }
        listClients(ClientDistributions.scan(LabHome.clientDistributions()));
        return 0;
    }

    /** {@code client 1.4.1   22 jars  DIR  (1x)}: each client version with the libraries a Dubbo program gets. */
    private void listClients(ClientDistributions clients) {
        Map<String, String> shorthands = new TreeMap<>();
        ClientVersions.SHORTHANDS.forEach((shorthand, version) -> shorthands.put(version, shorthand));
        for (ClientDistribution c : clients.all()) {
            spec.commandLine().getOut().printf("client %-8s %3d jars  %s%s%n", c.version(), c.jars().size(),
                    c.lib().getParent(), shorthands.containsKey(c.version()) ? "  (" + shorthands.get(c.version()) + ")" : "");
        }
    }
}
