package io.upgradelab.runner.workload;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.fleet.DemoProviderProcesses;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.DemoSettings;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.probe.ProbeProcess;
import io.upgradelab.runner.process.ListeningSockets;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.upgradelab.demo.ControlToken;

/**
 * The load as child processes of the runner, on this machine: every backend whose nodes the
 * runner's machine reaches directly (local processes, containers, an existing cluster).
 *
 * <p>It makes the run's control token ({@link ControlToken#generate()}, one per run: a run takes its
 * backend's workloads once) and hands it to the fleet and the probe in their environment; their
 * control ports answer nothing without it. The demo providers have no control port, so they do not
 * get it.
 */
public final class LocalWorkloads implements Workloads {

    /** Dubbo's default port, the first the demo providers try. */
    private static final int DEMO_FIRST_PORT = 20880;

    private final ControlToken token = ControlToken.generate();

    @Override
    public DemoProviders demoProviders(DemoSettings settings, Path directory, Consumer<String> progress) {
        return DemoProviderProcesses.start(settings, freeDemoPorts(settings.count()), directory, progress);
    }

    @Override
    public Fleet fleet(FleetSettings settings, Path directory, Consumer<String> progress) {
        return FleetProcess.start(settings, token, directory, progress);
    }

    @Override
    public Probe probe(ProbeOptions options, String servers, Path directory, Consumer<String> progress) {
        return ProbeProcess.start(options, servers, token, directory, progress);
    }

    /** {@code count} consecutive ports, below the ephemeral range, that nothing listens on. */
    private static int freeDemoPorts(int count) {
        ListeningSockets listening = ListeningSockets.read();
        for (int first = DEMO_FIRST_PORT; first + count < 32768; first += 10) {
            boolean free = true;
            for (int p = first; p < first + count; p++) {
                free &= !listening.isTaken(p);
            }
            if (free) {
                return first;
            }
        }
        throw new LabException(LabException.FAILED, "no free ports for the demo providers below 32768");
    }
}
