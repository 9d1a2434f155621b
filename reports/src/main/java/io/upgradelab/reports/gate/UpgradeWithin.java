package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.PhaseStarted;
import io.upgradelab.journal.WarningKind;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.RunSummary.PhaseSummary;
import java.util.List;
import java.util.Optional;

/**
 * Every rolling server upgrade finished (outcome done, upgraded=true reached where it was awaited, the
 * members agreeing and every node accepting registrations after its step) within {@code seconds}. An
 * upgrade that did not finish on a machine that was the bottleneck (its load not valid, {@link Evidence})
 * may be the lab's limit: it fails the criterion only when another upgrade with valid load did not
 * finish, and otherwise leaves it inconclusive. A run without a rolling server upgrade measured nothing:
 * inconclusive.
 */
@JsonTypeName("upgradeWithin")
public record UpgradeWithin(@JsonProperty(required = true) long seconds) implements Criterion {

    private static final String KIND = PhaseStarted.ROLLING_SERVER_UPGRADE;

    @Override
    public String describe() {
        return "server upgrade finished within " + seconds + " s";
    }

    @Override
    public Verdict judge(Subject subject) {
        RunSummary run = subject.run();
        List<PhaseSummary> upgrades = run.phases().stream().filter(p -> KIND.equals(p.kind())).toList();
        if (upgrades.isEmpty()) {
            List<Integer> planned = run.planned().stream().filter(p -> KIND.equals(p.kind())).map(p -> p.index()).toList();
            return Verdict.inconclusive(describe(), planned.isEmpty()
                    ? "the run has no " + KIND + " phase: nothing measured"
                    : PhaseSelection.notReached(planned) + ": nothing measured");
        }
        List<PhaseSummary> unfinished = upgrades.stream().filter(p -> !finished(p)).toList();
        boolean nacos = unfinished.stream().anyMatch(p -> Evidence.load(p).isEmpty());
        String measured = String.join("; ", upgrades.stream()
                .map(p -> "phase " + p.index() + " " + p.outcome() + " in " + Math.round(p.seconds()) + " s"
                        + notReached(p).map(w -> ", but " + w.message()).orElse("")
                        + (finished(p) ? "" : Evidence.load(p).map(l -> " (" + l + ")").orElse(""))).toList());
        Measure longest = Measure.count(upgrades.stream().mapToDouble(p -> Math.round(p.seconds())).max().orElse(0), "s",
                Bound.atMost(seconds, "at most " + seconds + " s"), upgrades.size(), "rolling server upgrade(s)");
        if (unfinished.isEmpty()) {
            return Verdict.of(describe(), true, longest, measured);
        }
        return nacos ? Verdict.of(describe(), false, longest, measured)
                : Verdict.of(describe(), false, longest, measured).inconclusiveBecause("not finished where the load was not valid");
    }

    private boolean finished(PhaseSummary p) {
        return "done".equals(p.outcome()) && p.seconds() <= seconds && notReached(p).isEmpty();
    }

    /** The phase's first warning that the upgrade did not finish: upgraded=true never came, or a node refused registrations. */
    private static Optional<RunSummary.Warning> notReached(PhaseSummary phase) {
        return phase.warnings().stream().filter(w -> WarningKind.named(w.kind())
                .filter(WarningKind::leavesUpgradeUnfinished).isPresent()).findFirst();
    }
}
