package io.upgradelab.runner.engine;

import io.upgradelab.journal.Abort;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.Note;
import io.upgradelab.journal.PhaseEnded;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import io.upgradelab.journal.ProbeSummaryLine;
import io.upgradelab.journal.RunEnded;
import io.upgradelab.journal.RunError;
import io.upgradelab.journal.RunStarted;
import io.upgradelab.journal.SetUp;
import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.Provenance;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.condition.Condition;
import io.upgradelab.runner.experiment.Experiment;
import io.upgradelab.runner.experiment.ExperimentAddresses;
import io.upgradelab.runner.experiment.MetricsSpec;
import io.upgradelab.runner.experiment.Timeline;
import io.upgradelab.runner.experiment.ValidatedExperiment;
import io.upgradelab.runner.fleet.DemoProviders;
import io.upgradelab.runner.fleet.DemoSettings;
import io.upgradelab.runner.fleet.Fleet;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.metrics.MetricsServer;
import io.upgradelab.runner.metrics.RunMetrics;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.PhaseTally;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import io.upgradelab.runner.observe.configs.LabConfigs;
import io.upgradelab.runner.phase.Phase;
import io.upgradelab.runner.phase.PhaseFailure;
import io.upgradelab.runner.probe.Probe;
import io.upgradelab.runner.probe.ProbeOptions;
import io.upgradelab.runner.process.ProcessAddress;
import io.upgradelab.runner.workload.Workloads;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import io.upgradelab.runner.preflight.Frontier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs one experiment: sets up the cluster, demo providers, fleet and probe; runs the phases in
 * order while the observers sample; tears everything down; and journals all of it. It interprets
 * the experiment and nothing else: what a phase does is in the phase, what is sampled in the observers.
 *
 * <p>The run ends {@link RunOutcome#COMPLETED completed} when every phase ran, {@code failed} at the
 * first phase that could not do its work, {@code aborted} when an abort condition held, and
 * {@code interrupted} on {@link #stop()} (Ctrl-C). Tear-down happens in every case, and the
 * journal's last line says which it was; a journal without that line is from a run that was killed.
 */
public final class Engine {

    /** How long the probe may run beyond the plan before it stops by itself. */
    private static final Duration PROBE_MARGIN = Duration.ofHours(2);

    private final Experiment experiment;
    private final Path runDirectory;
    private final Consumer<String> progress;
    private final Timeline timeline;
    private final List<String> notes;
    private final Observations observations = new Observations();
    private final long began = System.nanoTime();

    private volatile Thread runner;
    private volatile boolean stopRequested;
    private volatile String stage = "starting";
    private volatile int phaseIndex;
    private volatile long phaseBegan = System.nanoTime();
    private volatile String abortReason;
    /** Stop and abort interrupt the phases, never the tear-down: guarded by {@code this}. */
    private boolean interruptible = true;

    private Journal journal;
    private Backend cluster;
    private DemoProviders demo;
    private Fleet fleet;
    private Probe probe;
    private Sampler sampler;
    private LabConfigs configs;
    private final Read<List<Frontier>> frontiers;

    /**
     * An engine for {@code valid}'s experiment, recording into {@code runDirectory}, telling {@code progress}, its
     * preflight phases judging capacity against {@code frontiers} (what a saved calibration measured).
     */
    public Engine(ValidatedExperiment valid, Path runDirectory, Consumer<String> progress,
                  Read<List<Frontier>> frontiers) {
        this.experiment = valid.experiment();
        this.timeline = valid.timeline();
        this.notes = valid.notes();
        this.runDirectory = runDirectory;
        this.progress = progress;
        this.frontiers = frontiers;
    }

    /**
     * Runs the experiment in the calling thread; returns how it ended (the journal has the rest). With
     * a {@code metrics} section the live metrics are served from before the first line to after the
     * last, read from the journal's lines.
     */
    public RunOutcome run() {
        runner = Thread.currentThread();
        RunMetrics metrics = new RunMetrics();
        MetricsSpec served = experiment.metrics();
        try (MetricsServer server = served == null ? null
                : MetricsServer.start(metrics.registry(), served.bindAddress(System.getenv(),
                        experiment.target().allowRemote()), served.port())) {
            journal = Journal.create(runDirectory, server == null ? Journal.Listener.NONE : metrics);
            journal.append(runStarted());
            if (server != null) {
                say("live metrics: " + server.url());
            }
            return runJournalled();
        }
    }

    private RunOutcome runJournalled() {
        RunOutcome outcome;
        String message = null;
        try {
            setUp();
            outcome = runPhases();
        } catch (InterruptedException e) {
            outcome = endedByRequest();
        } catch (LabException e) {
            outcome = e.exitCode() == LabException.INTERRUPTED || stopRequested ? endedByRequest() : RunOutcome.FAILED;
            message = e.getMessage();
            if (outcome == RunOutcome.FAILED) {
                journal.append(RunError.of(message));
                tellFailure(e);
            }
        } catch (RuntimeException e) {
            outcome = stopRequested ? endedByRequest() : RunOutcome.FAILED;
            message = e.toString();
            journal.append(RunError.of(message));
        } finally {
            endInterrupts();   // tear-down must not be cut short by the interrupt that ended the phases, or a later one
        }
        tearDown();
        journal.append(new RunEnded(outcome.journalName(), outcome.exitCode(), seconds(System.nanoTime() - began),
                abortReason, message));
        journal.close();
        return outcome;
    }

    /** Asks the run to stop (Ctrl-C): the current phase is cut short and everything is torn down. */
    public void stop() {
        stopRequested = true;
        interruptRunner();
    }

    private synchronized void interruptRunner() {
        Thread t = runner;
        if (interruptible && t != null) {
            t.interrupt();
        }
    }

    private synchronized void endInterrupts() {
        interruptible = false;
        Thread.interrupted();
    }

    public Path journalFile() {
        return runDirectory.resolve(Journal.FILE_NAME);
    }

    /** Where the run is now, for the live display. */
    public RunStatus status() {
        int index = phaseIndex;
        Duration phaseExpected = index >= 1 && index <= timeline.phases().size() ? expected(index) : timeline.setUp();
        List<ProbeSecond> last = observations.lastProbeSeconds(1);
        return new RunStatus(index, timeline.phases().size(), stage, Duration.ofNanos(System.nanoTime() - phaseBegan),
                phaseExpected, Duration.ofNanos(System.nanoTime() - began), timeline.total(),
                observations.expectedInstances(),
                observations.nodes(), observations.resources(), last.isEmpty() ? null : last.get(0).totals());
    }

    private void setUp() throws InterruptedException {
        journal.setPhase(0);
        ExperimentAddresses.lines(experiment).forEach(this::say);
        String version = experiment.target().version();
        int nodes = experiment.target().nodes();
        String backend = experiment.target().backend();
        stage = "set-up: " + nodes + " node(s) of Nacos " + version + " (" + backend + ")";
        cluster = Backends.require(backend).open(experiment.target(), runDirectory, this::say);
        String servers = cluster.serverAddresses();
        journal.append(SetUp.cluster(cluster.nodes().stream().map(NodeStatus::asJournalled).toList()));
        checkStop();

        startWorkloads(cluster.workloads(), servers);

        if (experiment.configs() != null) {
            ConfigsSpec spec = experiment.configs();
            stage = "set-up: publishing " + spec.count() + " configs of " + spec.sizeBytes() + " bytes";
            configs = LabConfigs.publish(spec, experiment.clientVersions(), cluster, runDirectory.resolve("configs"));
            journal.append(SetUp.configs(spec.count(), spec.sizeBytes(), configs.clients()));
            checkStop();
        }

        sampler = new Sampler(new Observed(cluster, fleet, demo, probe, Optional.ofNullable(configs),
                experiment.signals()), observations,
                journal, experiment.observeEvery(), experiment.observation(), this::abortIfAny);
        sampler.start();
        checkStop();
    }

    /** The demo providers, the fleet and the probe, where the backend runs them. */
    private void startWorkloads(Workloads workloads, String servers) throws InterruptedException {
        stage = "set-up: starting " + experiment.probe().demoProviders() + " demo provider(s)";
        demo = workloads.demoProviders(new DemoSettings(experiment.probe().demoProviders(),
                ClientVersions.canonical(experiment.fleet().clientVersion()), servers, cluster.credentials(),
                address(experiment.probe().demoAddress())), runDirectory.resolve("demo"), this::say);
        journal.append(SetUp.demoProviders(demo.clientVersions()));
        checkStop();

        stage = "set-up: starting the provider fleet";
        fleet = workloads.fleet(new FleetSettings(servers, experiment.fleet().services(),
                experiment.fleet().providersPerClient(), 30000, 1, experiment.fleet().heap())
                .withLogin(experiment.fleet().logsIn() ? cluster.credentials() : Optional.empty())
                .withAddress(address(experiment.fleet().address())),
                runDirectory.resolve("fleet"), this::say);
        journal.append(SetUp.fleet(fleet.whereItRuns()));
        checkStop();

        stage = "set-up: starting the probe (" + experiment.probe().rate() + " calls/s, with warm-up)";
        Duration planned = timeline.total();
        probe = workloads.probe(new ProbeOptions(experiment.probe().clientVersion(), experiment.probe().rate(),
                experiment.probe().timeout(), planned.multipliedBy(3).plus(PROBE_MARGIN))
                .withLogin(cluster.credentials()).withAddress(address(experiment.probe().address())), servers,
                runDirectory.resolve("probe"), this::say);
        journal.append(SetUp.probe(probe.whereItRuns(), experiment.probe().rate()));
    }

    /** {@code ip} as a child process's address, with the file's opt-in to remote addresses. */
    private ProcessAddress address(String ip) {
        return new ProcessAddress(ip, experiment.target().allowRemote());
    }

    private RunOutcome runPhases() throws InterruptedException {
        EngineContext context = new EngineContext(experiment, cluster, fleet, demo, journal, observations, sampler,
                this::say, frontiers);
        List<Timeline.PlannedPhase> phases = timeline.phases();
        for (int i = 0; i < phases.size(); i++) {
            Phase phase = phases.get(i).phase();
            phaseIndex = i + 1;
            phaseBegan = System.nanoTime();
            stage = title(i + 1);
            journal.setPhase(i + 1);
            PhaseTally tally = sampler.beginPhase();
            Instant began = Instant.now();
            journal.append(new PhaseStarted(i + 1, phase.kind(), title(i + 1), expected(i + 1).toSeconds()));
            say("phase " + (i + 1) + "/" + phases.size() + ": " + title(i + 1));
            probe.phaseBegan(new ProbePhase(i + 1, title(i + 1), began)).ifPresent(why ->
                    say("the probe's JTL will not label phase " + phaseIndex + "'s calls with it: " + why));
            String outcome = "done";
            String message = null;
            String cause = null;
            try {
                phase.run(context);
            } catch (InterruptedException e) {
                outcome = abortReason != null ? "aborted" : "interrupted";
            } catch (RuntimeException e) {   // PhaseFailure, LabException, or a node that answered nothing usable
                outcome = stopRequested ? "interrupted" : abortReason != null ? "aborted" : "failed";
                message = e instanceof PhaseFailure || e instanceof LabException ? e.getMessage() : e.toString();
                cause = e instanceof PhaseFailure f && f.labsLimit() ? PhaseEnded.LAB : null;
            } finally {
                Thread.interrupted();
                sampler.sampleNow();
            }
            endPhase(i + 1, phase, tally, outcome, message, cause);
            if (!"done".equals(outcome)) {
                return switch (outcome) {
                    case "aborted" -> RunOutcome.ABORTED;
                    case "interrupted" -> RunOutcome.INTERRUPTED;
                    default -> RunOutcome.FAILED;
                };
            }
        }
        return RunOutcome.COMPLETED;
    }

    private void endPhase(int index, Phase phase, PhaseTally tally, String outcome, String message, String cause) {
        double seconds = seconds(System.nanoTime() - phaseBegan);
        journal.append(sampler.footprint(seconds));
        journal.append(new PhaseEnded(index, phase.kind(), title(index), outcome, seconds,
                expected(index).toSeconds(), tally.nodes(), tally.probe(), tally.probeSeconds(),
                fleetProviders().orElse(null), message, cause));
        say("phase " + index + " " + outcome + " in " + Math.round(seconds(System.nanoTime() - phaseBegan)) + " s"
                + (message == null ? "" : ": " + message));
    }

    private Optional<Integer> fleetProviders() {
        return observations.fleet().map(f -> f.totalProviders());
    }

    private void tearDown() {
        phaseIndex = -1;
        journal.setPhase(-1);
        stage = "tear-down";
        List<ProbeSummary> summary = new ArrayList<>(1);
        if (probe != null) {
            quietly("stop the probe", () -> summary.add(probe.stop()));
        }
        if (sampler != null) {
            sampler.close();   // after the probe: its last round copies the probe's last seconds into the journal
        }
        summary.forEach(s -> journal.append(new ProbeSummaryLine(s)));
        if (probe != null) {
            quietly("remove the probe", probe::close);
        }
        if (configs != null) {
            stage = "tear-down: deleting the configs";
            quietly("delete the configs", () -> configs.deleteAndClose(cluster));
        }
        if (fleet != null) {
            stage = "tear-down: deregistering the fleet";
            quietly("stop the fleet", fleet::close);
        }
        if (demo != null) {
            stage = "tear-down: stopping the demo providers";
            quietly("stop the demo providers", demo::close);
        }
        if (cluster != null) {
            stage = "tear-down: stopping the nodes";
            say("closing the cluster (backend " + experiment.target().backend() + ")");
            quietly("stop the cluster", cluster::close);
        }
    }

    /** The failure, the log to read and its last lines, as the CLI prints any LabException. */
    private void tellFailure(LabException e) {
        say("failed: " + e.getMessage());
        e.logFile().ifPresent(log -> progress.accept("  log: " + log));
        e.logTail().stream().skip(Math.max(0, e.logTail().size() - 12)).forEach(line -> progress.accept("    " + line));
    }

    private void quietly(String what, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            journal.append(RunError.of("could not " + what + ": " + e.getMessage()));
            say("could not " + what + ": " + e.getMessage());
        }
    }

    /** Called by the sampler after every round: the first abort condition that holds ends the run. */
    private void abortIfAny(Observations now) {
        if (abortReason != null || phaseIndex < 1) {
            return;
        }
        if (!probe.isAlive()) {   // without the probe the run no longer measures what consumers feel
            abort("probeExited", "the probe exited on its own (" + probe.whereToLook() + ")");
            return;
        }
        for (Condition condition : experiment.abortWhen()) {
            if (condition.holds(now)) {
                abort(condition.kind(), condition.describe());
                return;
            }
        }
    }

    private void abort(String condition, String reason) {
        abortReason = reason;
        journal.append(new Abort(condition, reason));
        say("aborting: " + reason);
        interruptRunner();
    }

    private RunOutcome endedByRequest() {
        return abortReason != null ? RunOutcome.ABORTED : RunOutcome.INTERRUPTED;
    }

    private void checkStop() throws InterruptedException {
        if (stopRequested || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("stop requested");
        }
    }

    private void say(String message) {
        progress.accept(message);
        if (journal != null) {
            journal.append(new Note(message));
        }
    }

    private RunStarted runStarted() {
        List<RunStarted.PlannedPhase> plan = new ArrayList<>();
        for (Timeline.PlannedPhase p : timeline.phases()) {
            plan.add(new RunStarted.PlannedPhase(p.number(), p.kind(), p.title(), p.expected().toSeconds(),
                    p.start().toSeconds(), p.providers(), p.nodeVersions()));
        }
        Map<String, Object> probe = Map.of("rate", experiment.probe().rate(), "client",
                ClientVersions.canonical(experiment.probe().clientVersion()), "timeoutMs", experiment.probe().timeout().toMillis(),
                "demoProviders", experiment.probe().demoProviders());
        return new RunStarted(JournalJson.FORMAT, experiment.name(), experiment.description(), experiment.scale(),
                notes, experiment.target(), experiment.fleet(), probe, experiment.observeEvery().toSeconds(),
                experiment.abortWhen().stream().map(Condition::describe).toList(), plan,
                timeline.setUp().toSeconds(), timeline.total().toSeconds(), runDirectory.toString(), Provenance.host(),
                Provenance.toolVersion());
    }

    /** The title of phase {@code index} (1-based), as planned. */
    private String title(int index) {
        return timeline.phases().get(index - 1).title();
    }

    private Duration expected(int index) {
        return timeline.phases().get(index - 1).expected();
    }

    private static double seconds(long nanos) {
        return Math.round(nanos / 1e6) / 1e3;
    }
}
