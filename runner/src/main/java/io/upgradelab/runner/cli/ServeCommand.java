package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.probe.ProbeProcess;
import io.upgradelab.runner.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Runs one of the lab's own processes in the foreground, as the lab image's Deployments do: the
 * provider fleet, the probe or a demo provider, each with exactly the command line the local engine
 * starts it with ({@link FleetProcess#command}, {@link ProbeProcess#command},
 * {@link DemoProviderProcess#command}), so a pod runs what a local run runs. Its output is this
 * command's own (the container's log); a SIGTERM (the pod stopping) stops it gracefully, as every
 * child of the lab is stopped, and its exit code is this command's.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the provider fleet, the probe or a demo provider in the foreground: what the lab image's"
                + " Deployments run (see render k8s). Each starts exactly as a local run starts it, with its output here."},
        subcommands = {ServeCommand.Fleet.class, ServeCommand.Probe.class, ServeCommand.DemoProvider.class})
final class ServeCommand {

    /** What every served process takes: the help, and where it keeps its user.home, logs and caches. */
    static final class Place {
        @Mixin
        HelpOption help;

        @Option(names = "--dir", paramLabel = "DIR", defaultValue = "upgrade-lab-serve",
                description = "Directory for its user.home, client logs and caches (default: ./${DEFAULT-VALUE}/<role>).")
        Path dir;

        Path of(String role) {
            Path directory = dir.resolve(role).toAbsolutePath().normalize();
            try {
                Files.createDirectories(directory);
            } catch (IOException e) {
                throw new LabException(LabException.FAILED, "cannot prepare " + directory + ": " + e);
            }
            return directory;
        }
    }

    /** The nacos-client version a Dubbo program runs on, from the command line or the environment. */
    static final class Client {
        @Option(names = "--client", paramLabel = "VERSION", defaultValue = "${env:UPGRADE_LAB_CLIENT:-1x}",
                completionCandidates = VersionCandidates.Clients.class,
                description = "nacos-client version, or 1x (1.4.1) or 2x (2.0.4) (default: $UPGRADE_LAB_CLIENT, else 1x, as"
                        + " an experiment's probe.client).")
        String version;

        /** The version named, a shorthand read as the version it stands for. */
        String canonical() {
            return io.upgradelab.naming.ClientVersions.canonical(version);
        }
    }

    @Command(name = "fleet",
            description = {"Run the provider fleet: virtual Dubbo providers on every nacos-client version of the lab,"
                    + " driven over its control channel (--control-port).",
                    "FLEET_ARGS go to the fleet as they are; after --, so that the fleet's own help shows:"},
            footer = {"", "The fleet answers only calls carrying the run's control token, which it takes from"
                    + " UPGRADE_LAB_CONTROL_TOKEN (on Kubernetes, from the Secret render k8s writes); without it, it"
                    + " does not start.",
                    "", "Example:", "  upgrade-lab serve fleet -- --servers 127.0.0.11:8848 --control-port 7070",
                    "  upgrade-lab serve fleet -- --help"})
    static final class Fleet implements Callable<Integer> {
        @Mixin
        Place place;

        @Option(names = "--heap", paramLabel = "SIZE", defaultValue = FleetSettings.DEFAULT_MAX_HEAP,
                description = "The fleet JVM's maximum heap (default: ${DEFAULT-VALUE}).")
        String heap;

        @Parameters(paramLabel = "FLEET_ARGS", description = "The fleet's own options (see: serve fleet -- --help).")
        List<String> arguments = new ArrayList<>();

        @Override
        public Integer call() {
            Path directory = place.of("fleet");
            return runInForeground("fleet", FleetProcess.command(heap, directory, arguments), directory);
        }
    }

    @Command(name = "probe",
            description = {"Run the probe: a real Dubbo consumer on nacos-client --client calling the demo service at a"
                    + " fixed rate.",
                    "PROBE_ARGS go to the probe as they are; after --, so that the probe's own help shows:"},
            footer = {"", "The probe's control port answers only calls carrying the run's control token, which it"
                    + " takes from UPGRADE_LAB_CONTROL_TOKEN (on Kubernetes, from the Secret render k8s writes);"
                    + " without it, it does not start.",
                    "", "Example:", "  upgrade-lab serve probe --client 2.0.4 -- --registry 127.0.0.11:8848 --out probe",
                    "  upgrade-lab serve probe --client 2.0.4 -- --help"})
    static final class Probe implements Callable<Integer> {
        @Mixin
        Place place;

        @Mixin
        Client client;

        @Parameters(paramLabel = "PROBE_ARGS", description = "The probe's own options (see: serve probe -- --help).")
        List<String> arguments = new ArrayList<>();

        @Override
        public Integer call() {
            Path directory = place.of("probe");
            return runInForeground("probe", ProbeProcess.command(client.canonical(), directory, arguments), directory);
        }
    }

    @Command(name = "demo-provider",
            description = "Run one real Dubbo demo provider on nacos-client --client: what the probe calls.",
            footer = {"", "Example:", "  upgrade-lab serve demo-provider --client 2.0.4 --servers 127.0.0.11:8848 --port 20880"})
    static final class DemoProvider implements Callable<Integer> {
        @Mixin
        Place place;

        @Mixin
        Client client;

        @Option(names = "--servers", required = true, paramLabel = "ADDRS",
                description = "The Nacos nodes, comma-separated (e.g. 127.0.0.11:8848,127.0.0.12:8848).")
        String servers;

        @Option(names = "--port", paramLabel = "PORT", defaultValue = "20880",
                description = "The Dubbo port it serves on (default: ${DEFAULT-VALUE}).")
        int port;

        @Option(names = "--application", paramLabel = "NAME", defaultValue = DemoProviders.APPLICATION,
                description = "Its Dubbo application name (default: ${DEFAULT-VALUE}).")
        String application;

        @Override
        public Integer call() {
            Path directory = place.of("demo-provider-" + port);
            return runInForeground("demo-provider",
                    DemoProviderProcess.command(client.canonical(), directory, servers, port, application), directory);
        }
    }

    /** Runs {@code command} with this process's output until it exits; its exit code. */
    static int runInForeground(String role, List<String> command, Path directory) {
        ChildProcess child = ChildProcess.startInForeground(role, command, Map.of(), directory);
        while (!child.awaitExit(Duration.ofMinutes(1))) {
            // runs until it exits, or until this process is stopped (then ExitHooks stops it first)
        }
        return child.exitCode();
    }
}
