package io.upgradelab.runner.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Groups the commands that drive a local cluster of real Nacos servers. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Start and drive a local cluster of real Nacos servers on 127.0.0.1.",
        subcommands = {ClusterUpCommand.class})
final class ClusterCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: try 'upgrade-lab cluster up'");
    }
}
