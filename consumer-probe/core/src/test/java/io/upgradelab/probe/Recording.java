package io.upgradelab.probe;

import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.journal.ProbeSummary;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps everything the probe reports, for assertions. */
final class Recording implements ProbeOutput {

    final List<CompletedCall> calls = new CopyOnWriteArrayList<>();
    final List<ProbeSecond> seconds = new CopyOnWriteArrayList<>();
    volatile long scheduled;
    volatile ProbeSummary summary;

    @Override
    public synchronized void scheduled() {
        scheduled++;
    }

    @Override
    public void ended(CompletedCall call) {
        calls.add(call);
    }

    @Override
    public void second(ProbeSecond second) {
        seconds.add(second);
    }

    @Override
    public void finished(ProbeSummary summary) {
        this.summary = summary;
    }
}
