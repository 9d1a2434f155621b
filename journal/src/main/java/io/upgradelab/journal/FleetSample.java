package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The fleet observer's sample: the fleet's state and the demo providers beside it, or, when the
 * fleet did not answer, only why.
 *
 * @param fleet              null when the fleet did not answer
 * @param demoProviders      each demo provider's nacos-client version (generation, "1x"/"2x", in older journals)
 * @param demoProvidersAlive how many of them run
 * @param error              why the fleet did not answer; null when it did
 */
@LineType(value = "sample", observer = "fleet")
public record FleetSample(@JsonInclude(JsonInclude.Include.NON_NULL) FleetStatus fleet,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<String> demoProviders,
                          int demoProvidersAlive,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String error) {

    public static FleetSample of(FleetStatus fleet, List<String> demoProviders, int demoProvidersAlive) {
        return new FleetSample(fleet, demoProviders, demoProvidersAlive, null);
    }

    public static FleetSample failed(String error) {
        return new FleetSample(null, null, 0, error);
    }

    /** Whether the fleet answered: only then does the sample say anything of it. */
    public boolean answered() {
        return fleet != null;
    }
}
