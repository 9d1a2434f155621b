package io.upgradelab.runner.condition;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.journal.ProbeSecond;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.plan.SchemaRef;
import java.time.Duration;
import java.util.List;

/**
 * At least {@code percent} of the probe's calls failed (any outcome but success) over its last
 * {@code for} seconds: the consumers' view has broken down. Meant for {@code abortWhen}.
 */
@JsonTypeName("probeFailing")
@JsonClassDescription("At least 'percent' of the probe's calls failed (any outcome but success) over its last 'for':"
        + " the consumers' view has broken down. Meant for abortWhen.")
public record ProbeFailing(
        @SchemaRef("percent") @JsonPropertyDescription("The share of failed calls, in percent. Default 50.")
        double percent,
        @JsonProperty("for") @JsonPropertyDescription("The window the share is taken over. Default 60s.")
        Duration window) implements Condition {

    public ProbeFailing {
        percent = percent == 0 ? 50 : percent;
        window = window == null ? Duration.ofSeconds(60) : window;
    }

    @Override
    public boolean holds(Observations now) {
        int seconds = (int) Math.max(1, window.toSeconds());
        List<ProbeSecond> last = now.lastProbeSeconds(seconds);
        long ended = last.stream().mapToLong(s -> s.calls().ended()).sum();
        long failed = last.stream().mapToLong(s -> s.calls().failed()).sum();
        return last.size() == seconds && ended > 0 && 100.0 * failed / ended >= percent;
    }

    @Override
    public String describe() {
        return "at least " + percent + "% of probe calls failed over " + window.toSeconds() + " s";
    }
}
