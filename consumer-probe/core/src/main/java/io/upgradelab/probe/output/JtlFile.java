package io.upgradelab.probe.output;

import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.CompletedCall;
import io.upgradelab.probe.Phases;
import io.upgradelab.probe.ProbeOutput;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code results.jtl}: one row per call in JMeter's CSV results format ({@link io.upgradelab.journal.JtlFile}),
 * so JMeter's own dashboard generator reads the probe's calls. Flushed every second.
 *
 * <p>timeStamp is the call's intended start and elapsed runs from it (as the probe measures);
 * responseCode is the outcome class; grpThreads and allThreads hold the calls in flight, which is
 * what an open-model probe has instead of threads.
 *
 * <p>label is the phase the call intended to start in ("phase 9: rolling server upgrade ..."), once
 * the runner has told the probe of one ({@link Phases}), so JMeter's dashboard splits the calls by
 * phase; before that (set-up, or a probe without a runner) it is the call's own label
 * ({@code DemoService.sayHello}).
 */
public final class JtlFile implements ProbeOutput {

    public static final String NAME = "results.jtl";

    private final String label;
    private final Phases phases;
    private final io.upgradelab.journal.JtlFile jtl;

    /** A JTL whose rows all carry {@code label}: no phase is ever told. */
    public JtlFile(Path directory, String label) throws IOException {
        this(directory, label, new Phases());
    }

    /** A JTL whose rows carry the phase each call started in, as {@code phases} are told, else {@code label}. */
    public JtlFile(Path directory, String label, Phases phases) throws IOException {
        this.label = label;
        this.phases = phases;
        this.jtl = new io.upgradelab.journal.JtlFile(directory.resolve(NAME));
    }

    @Override
    public void ended(CompletedCall call) {
        CallOutcome outcome = call.outcome();
        String message = outcome.succeeded() ? "OK" : simpleName(outcome.exceptionClass()) + ": " + outcome.message();
        jtl.write(new io.upgradelab.journal.JtlFile.Sample(call.intendedStartMillis(), call.latencyMicros() / 1000,
                phases.labelAt(call.intendedStartMillis(), label), outcome.outcome().key(), outcome.succeeded(), message, "probe", call.answerLength(),
                (int) call.inFlight(), call.answeredBy()));
    }

    @Override
    public void second(ProbeSecond second) {
        jtl.flush();
    }

    @Override
    public void close() {
        jtl.close();
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }
}
