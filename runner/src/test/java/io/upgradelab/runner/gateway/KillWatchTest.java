package io.upgradelab.runner.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.JtlFile;
import io.upgradelab.runner.gateway.KillWatch.Call;
import io.upgradelab.runner.gateway.KillWatch.Flap;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KillWatchTest {

    private static final long KILL = 1_000_000;
    private static final String DEAD = "127.0.0.1:21601";
    private static final String LIVE = "127.0.0.1:21600";

    @Test
    void theLastFailureAfterTheKillIsWhenItStoppedCallingTheDeadInstance() {
        List<Call> calls = List.of(
                new Call(KILL - 500, KILL - 480, false, DEAD),
                new Call(KILL + 100, KILL + 2_100, true, ""),
                new Call(KILL + 2_200, KILL + 2_400, true, ""),
                new Call(KILL + 2_500, KILL + 2_520, false, LIVE),
                new Call(KILL + 11_000, KILL + 11_020, false, LIVE));

        Flap flap = Flap.of(calls, KILL, DEAD, Duration.ofSeconds(8));

        assertThat(flap).isEqualTo(new Flap(4, 2, 2.4, 0, true));
    }

    @Test
    void itHasNotSettledWhileItsCallsSinceTheLastFailureSpanLessThanTheSettleTime() {
        List<Call> calls = List.of(new Call(KILL + 100, KILL + 300, true, ""),
                new Call(KILL + 5_000, KILL + 5_020, false, LIVE));

        assertThat(Flap.of(calls, KILL, DEAD, Duration.ofSeconds(8)).settled()).isFalse();
    }

    @Test
    void anAnswerFromTheDeadInstanceAfterItsDeathIsCountedNotHidden() {
        List<Call> calls = List.of(new Call(KILL + 100, KILL + 120, false, DEAD));

        assertThat(Flap.of(calls, KILL, DEAD, Duration.ofSeconds(8)).deadAnsweredAfter()).isEqualTo(1);
    }

    @Test
    void theTimeToANewInstanceRunsFromItsRegistrationToTheEndOfItsFirstAnswer() {
        String fresh = "127.0.0.1:21602";
        List<Call> calls = List.of(new Call(KILL - 100, KILL + 50, false, fresh),   // started before: not counted
                new Call(KILL + 1_000, KILL + 1_020, false, LIVE),
                new Call(KILL + 3_000, KILL + 3_250, false, fresh),
                new Call(KILL + 4_000, KILL + 4_020, false, fresh));

        assertThat(KillWatch.secondsToFirstAnswer(calls, fresh, KILL)).hasValue(3.25);
        assertThat(KillWatch.secondsToFirstAnswer(calls, "127.0.0.1:1", KILL)).isEmpty();
    }

    @Test
    void theProbesCallsComeFromItsJtlWithTheProviderThatAnswered(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.jtl");
        try (JtlFile jtl = new JtlFile(file)) {
            jtl.write(new JtlFile.Sample(KILL, 12, "p", "success", true, "OK", "probe", 60, 1, LIVE));
            jtl.write(new JtlFile.Sample(KILL + 20, 1000, "p", "network", false, "closed", "probe", 0, 1));
        }

        assertThat(KillWatch.fromJtl(file).get()).containsExactly(new Call(KILL, KILL + 12, false, LIVE),
                new Call(KILL + 20, KILL + 1_020, true, ""));
        assertThat(KillWatch.fromJtl(dir.resolve("none.jtl")).get()).isEmpty();
    }
}
