package io.upgradelab.reports.gate;

import io.upgradelab.reports.check.Promise;
import io.upgradelab.reports.check.RegistryCheck;
import io.upgradelab.reports.check.Violation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A criterion that one of the registry's promises was kept: the run's registry evidence checked
 * ({@link RegistryCheck}) with the criterion's bound, at most {@code atMost} violations of its promise.
 * Evidence too thin to check (no registry log, no operation, no push) never passes: inconclusive.
 */
interface PromiseCriterion extends Criterion {

    /** The promise checked. */
    Promise promise();

    /** The criterion's bound, in seconds: its record's {@code seconds}. */
    Double seconds();

    /** The violations allowed, null for none: its record's {@code atMost}. */
    Integer atMost();

    /** The check's bounds: this criterion's bound in its place, the checker's default in the other. */
    default RegistryCheck.Bounds bounds() {
        Duration bound = bound(seconds());
        return promise() == Promise.deadGoneWithin
                ? new RegistryCheck.Bounds(RegistryCheck.Bounds.DEFAULT.visibleWithin(), bound)
                : new RegistryCheck.Bounds(bound, RegistryCheck.Bounds.DEFAULT.goneWithin());
    }

    /** The violations allowed. */
    default int allowed() {
        return atMost() == null ? 0 : atMost();
    }

    @Override
    default boolean readsRegistry() {
        return true;
    }

    @Override
    default Verdict judge(Subject subject) {
        if (subject.registry() == null) {
            return Verdict.inconclusive(describe(), "the run's registry evidence was not read");
        }
        RegistryCheck.Result result = RegistryCheck.check(subject.registry(), bounds(), java.util.EnumSet.of(promise()));
        Optional<String> thin = result.coverage().thin();
        if (thin.isPresent()) {
            return Verdict.inconclusive(describe(), thin.get() + ": nothing checked");
        }
        List<Violation> violations = result.of(promise());
        Measure measure = Measure.count(violations.size(), "violations", Bound.atMost(allowed()), result.coverage().ops(),
                "acknowledged operations");
        String measured = "over " + result.coverage().describe()
                + (violations.isEmpty() ? "" : "; the first: " + violations.get(0).headline(result.end()) + " from "
                + violations.get(0).from() + " (upgrade-lab check RUN_DIR shows each with its timeline)");
        return Verdict.of(describe(), violations.size() <= allowed(), measure, measured);
    }

    /**
     * {@code seconds}, or {@code otherwise} when not given: what each criterion's record holds. Its range (above
     * 0, and {@code atMost} 0 or more) is the policy reader's to check, which names the file, line and field.
     */
    static double orDefault(Double seconds, double otherwise) {
        return seconds == null ? otherwise : seconds;
    }

    /** {@code seconds} as a bound (its range is the policy reader's: above 0). */
    static Duration bound(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }
}
