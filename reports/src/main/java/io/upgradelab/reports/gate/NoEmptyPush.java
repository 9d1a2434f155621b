package io.upgradelab.reports.gate;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.reports.check.Promise;

/**
 * No subscriber was pushed an empty list of a service while an instance of it had been live for
 * {@code seconds} (default 5): a Dubbo consumer told "no provider" drops every address it had, which is
 * how an upgrade turns into "No provider available" (Nacos's push-empty protection exists for this).
 *
 * @param seconds how long an instance must have been live for an empty push to break the promise (default 5)
 * @param atMost  the violations allowed (default 0)
 */
@JsonTypeName("noEmptyPush")
public record NoEmptyPush(Double seconds, Integer atMost) implements PromiseCriterion {

    public NoEmptyPush {
        seconds = PromiseCriterion.orDefault(seconds, 5.0);
    }

    @Override
    public String describe() {
        return "no empty push while instances lived for " + seconds + " s";
    }

    @Override
    public Promise promise() {
        return Promise.noEmptyPush;
    }
}
