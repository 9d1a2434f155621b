package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.check.Promise;

/**
 * Every instance the registry acknowledged stayed in every subscriber's and node's view while it lived,
 * but for gaps of at most {@code seconds} (default 5): what a consumer needs to find every provider that
 * was told it is registered. A loss the fleet never heard of (the registry dropped the instance) shows here
 * and nowhere else.
 *
 * @param seconds how long an acknowledged live instance may be missing from a view (default 5)
 * @param atMost  the violations allowed (default 0)
 */
@JsonTypeName("ackedVisible")
public record AckedVisible(Double seconds, Integer atMost) implements PromiseCriterion {

    public AckedVisible {
        seconds = PromiseCriterion.orDefault(seconds, 5.0);
    }

    @Override
    public String describe() {
        return "every acknowledged live instance visible, gaps of at most " + seconds + " s";
    }

    @Override
    public Promise promise() {
        return Promise.ackedVisible;
    }
}
