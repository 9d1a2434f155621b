package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * One batch of a rolling client upgrade done: that share of the fleet's clients (and of the demo
 * providers) restarted on the new client version and registered again, with how long it took.
 *
 * @param batch                the batch, from 1
 * @param of                   the batches in all
 * @param to                   the client version they restarted on
 * @param providers            the fleet's providers per client version after it
 * @param registrationFailures registrations refused so far, over the fleet's life
 * @param stop                 what stopping the batch's old clients did
 * @param demoProviders        the demo providers' client versions after it
 * @param seconds              how long the batch took
 * @param expectedSeconds      how long it was planned to take
 * @param slow                 true when slow ({@link FleetPace}); else absent
 */
@LineType("clientBatch")
public record ClientBatch(int batch, int of, String to, Map<String, Integer> providers, long registrationFailures,
                          StopReport stop, List<String> demoProviders, double seconds, double expectedSeconds,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Boolean slow) {

    public ClientBatch(int batch, int of, String to, Map<String, Integer> providers, long registrationFailures,
                       StopReport stop, List<String> demoProviders, FleetPace pace) {
        this(batch, of, to, providers, registrationFailures, stop, demoProviders, pace.seconds(),
                pace.expectedSeconds(), pace.slow());
    }
}
