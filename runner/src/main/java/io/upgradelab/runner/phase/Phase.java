package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.plan.FleetScale;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/**
 * One step of an experiment's method, as the file declares it ({@code kind: rampTo}) and as it runs.
 * Each kind is one record, named by its {@link JsonTypeName}: its fields are the file's fields, {@link #plan} says what it will do to
 * the cluster and how long it takes (without starting anything), {@link #run} does it.
 *
 * <p>Adding a kind is writing its record: the binder finds it ({@link io.upgradelab.kinds.Kinds}),
 * and the schema describes it from the record ({@code @JsonClassDescription}, {@code
 * @JsonPropertyDescription}, {@code @JsonProperty(required = true)}; experiment/KindSchemas).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public interface Phase {

    /** The kind as the file names it. */
    default String kind() {
        return getClass().getAnnotation(JsonTypeName.class).value();
    }

    /**
     * This phase with the experiment's scale and fleet defaults applied: what the plan shows and the
     * engine runs, so nothing is scaled or defaulted twice. Kinds that bind fields of their own while
     * resolving (a fault's parameters) report what does not bind, named relative to this phase.
     * Kinds without such fields are themselves.
     */
    default Phase resolve(FleetScale scale, Problems problems) {
        return this;
    }

    /** What a person reads in progress and reports, e.g. "ramp to 6000 providers" (of a resolved phase). */
    String title(PlannedState state);

    /**
     * Moves {@code state} to where this phase leaves the run, reports what cannot work from there
     * (fields named relative to this phase), and returns how long the phase is expected to take.
     */
    Duration plan(PlannedState state, Problems problems);

    /** Does it, against the real cluster, fleet and probe; returns when the phase is over. */
    void run(RunContext run) throws InterruptedException;
}
