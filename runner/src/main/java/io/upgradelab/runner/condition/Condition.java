package io.upgradelab.runner.condition;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.PlannedState;
import io.upgradelab.runner.plan.Problems;
import java.time.Duration;

/**
 * Something the observations can show to hold: a {@code waitUntil} phase waits for one, an
 * experiment's {@code abortWhen} ends the run when one holds. Each kind is one record, named by
 * its {@link JsonTypeName}, found by the binder ({@link io.upgradelab.kinds.Kinds}) and described
 * in the schema from the record, as phases are.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
public interface Condition {

    /** True if the latest observations show the condition. */
    boolean holds(Observations now);

    /** What it means, for progress lines and the journal, e.g. "every node reports upgraded=true". */
    String describe();

    /**
     * Reports why it could never hold at this point of the timeline, and moves the state to what
     * holds once it does. By default nothing is wrong and nothing changes.
     */
    default void plan(PlannedState state, Problems problems) {
    }

    /** How long waiting for it usually takes from this point, for the plan's expected duration. */
    default Duration typicalWait(PlannedState state) {
        return Duration.ofSeconds(10);
    }

    default String kind() {
        return getClass().getAnnotation(JsonTypeName.class).value();
    }
}
