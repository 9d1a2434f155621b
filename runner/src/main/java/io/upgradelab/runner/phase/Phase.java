package io.upgradelab.runner.phase;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.engine.RunContext;
import io.upgradelab.runner.experiment.PlannedState;
import io.upgradelab.runner.experiment.Problems;
import java.time.Duration;

/**
 * One step of an experiment's method, as the file declares it ({@code kind: rampTo}) and as it runs.
 * Each kind is one record, named by its {@link JsonTypeName}: its fields are the file's fields, {@link #plan} says what it will do to
 * the cluster and how long it takes (without starting anything), {@link #run} does it.
 *
 * <p>Adding a kind is adding a record here, a line in {@link JsonSubTypes}, and its entry in
 * experiments/experiment.schema.json.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(RampTo.class), @JsonSubTypes.Type(Hold.class), @JsonSubTypes.Type(ScaleDownTo.class),
        @JsonSubTypes.Type(RollingServerUpgrade.class), @JsonSubTypes.Type(RollingClientUpgrade.class),
        @JsonSubTypes.Type(FaultPhase.class), @JsonSubTypes.Type(WaitUntil.class)})
public interface Phase {

    /** The kind as the file names it. */
    default String kind() {
        return getClass().getAnnotation(JsonTypeName.class).value();
    }

    /** What a person reads in progress and reports, e.g. "ramp to 6000 providers" (counts already scaled). */
    String title(PlannedState state);

    /**
     * Moves {@code state} to where this phase leaves the run, reports what cannot work from there
     * (fields named relative to this phase), and returns how long the phase is expected to take.
     */
    Duration plan(PlannedState state, Problems problems);

    /** Does it, against the real cluster, fleet and probe; returns when the phase is over. */
    void run(RunContext run) throws InterruptedException;
}
