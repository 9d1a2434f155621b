package io.upgradelab.runner.observe;

import io.upgradelab.journal.ProbeLine;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.journal.Journal;
import java.util.List;

/**
 * The probe's per-second series, copied into the journal as it grows (one {@code probe} line per
 * second), so the journal alone tells what consumers felt, second by second.
 */
public final class ProbeSeries implements Observer {

    private int copied;

    @Override
    public String name() {
        return "probe";
    }

    @Override
    public synchronized void observe(Observed observed, Observations into, Journal journal) {
        List<ProbeSecond> series = observed.probe().series();
        for (; copied < series.size(); copied++) {
            ProbeSecond second = series.get(copied);
            into.add(second);
            journal.append(new ProbeLine(second));
        }
    }
}
