package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The fleet reached a new size (a ramp or a shrink), journalled when it was idle again: how many providers
 * it holds, how many registrations failed on the way, how long it took against the plan, and for a shrink
 * what the stop could not deregister.
 *
 * @param providers            the providers registered now
 * @param target               the providers asked for
 * @param registrationFailures registrations refused so far, over the fleet's life
 * @param seconds              how long the step took
 * @param expectedSeconds      how long it was planned to take
 * @param slow                 true when slow ({@link FleetPace}); else absent
 * @param stop                 for a shrink, what stopping the providers did; else absent
 */
@LineType("fleetScaled")
public record FleetScaled(int providers, int target, long registrationFailures, double seconds,
                          double expectedSeconds, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean slow,
                          @JsonInclude(JsonInclude.Include.NON_NULL) StopReport stop) {

    public FleetScaled(int providers, int target, long registrationFailures, FleetPace pace, StopReport stop) {
        this(providers, target, registrationFailures, pace.seconds(), pace.expectedSeconds(), pace.slow(), stop);
    }
}
