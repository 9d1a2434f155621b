package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.check.Promise;

/**
 * Every instance that died (deregistered, left to expire, or crashed) was gone from every subscriber's
 * view within {@code seconds} (default 30, a 1.x server's deletion timeout), unless it registered again
 * meanwhile: a consumer that keeps calling a dead provider fails its calls.
 *
 * @param seconds how long a view may still list a dead instance (default 30)
 * @param atMost  the violations allowed (default 0)
 */
@JsonTypeName("deadGoneWithin")
public record DeadGoneWithin(Double seconds, Integer atMost) implements PromiseCriterion {

    public DeadGoneWithin {
        seconds = PromiseCriterion.orDefault(seconds, 30.0);
    }

    @Override
    public String describe() {
        return "every dead instance gone from the subscribers within " + seconds + " s";
    }

    @Override
    public Promise promise() {
        return Promise.deadGoneWithin;
    }
}
