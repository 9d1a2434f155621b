package io.upgradelab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void filesWriteDurationsAsANumberAndAUnitOrSeveral() {
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.exact(Duration.ofMinutes(65))).isEqualTo("1h5m");
    }

    @Test
    void nothingLongerThanAWeekIsTakenAndNothingOverflows() {
        assertThat(Durations.parse("168h")).isEqualTo(Durations.MAX);
        assertThatThrownBy(() -> Durations.parse("168h1ms"))
                .hasMessage("'168h1ms' is longer than 168h, the longest duration the lab takes");
        assertThatThrownBy(() -> Durations.parse("999999999h".repeat(4)))
                .hasMessageEndingWith("is longer than 168h, the longest duration the lab takes");
        assertThatThrownBy(() -> Durations.parse("9999999999h")).hasMessageContaining("is not a duration");
    }

    @Test
    void aHostileStringOfAnyLengthIsRefusedWithAShortMessage() {
        assertThatThrownBy(() -> Durations.parse("1s".repeat(20000)))
                .hasMessageStartingWith("'1s1s1s")
                .hasMessageContaining("... (40000 characters)' is not a duration")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(200));
    }
}
