package io.upgradelab.runner.condition;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.PlannedState;
import java.time.Duration;
import java.util.List;

/** The probe's last {@code for} seconds (default 10) each ended every call in success. */
@JsonTypeName("probeHealthy")
@JsonClassDescription("Each of the probe's last seconds ended every call in success.")
public record ProbeHealthy(
        @JsonProperty("for") @JsonPropertyDescription("How many of the last seconds must be healthy. Default 10s.")
        Duration window) implements Condition {

    public ProbeHealthy {
        window = window == null ? Duration.ofSeconds(10) : window;
    }

    @Override
    public boolean holds(Observations now) {
        int seconds = (int) Math.max(1, window.toSeconds());
        List<ProbeSecond> last = now.lastProbeSeconds(seconds);
        return last.size() == seconds
                && last.stream().allMatch(s -> s.calls().ended() > 0 && s.calls().success() == s.calls().ended());
    }

    @Override
    public String describe() {
        return "the probe succeeds on every call for " + window.toSeconds() + " s";
    }

    @Override
    public Duration typicalWait(PlannedState state) {
        return window.plusSeconds(5);
    }
}
