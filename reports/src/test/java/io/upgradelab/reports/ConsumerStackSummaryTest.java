package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.ConsumerStack;
import io.upgradelab.journal.Line;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsumerStackSummaryTest {

    private static final String CACHED = "Spring Cloud Gateway, load-balancer cache on";
    private static final String UNCACHED = "Spring Cloud Gateway, load-balancer cache off";

    @Test
    void aSettingThatWinsOneEventAndLosesTheOtherIsNotRecommendedOverTheOther() {
        List<ConsumerStackSummary> rows = ConsumerStackSummary.of(List.of(
                line(CACHED, ConsumerStack.INSTANCE_KILL, 359, 26.5), line(UNCACHED, ConsumerStack.INSTANCE_KILL, 5, 0.6),
                line(CACHED, ConsumerStack.NODE_KILL, 0, 0), line(UNCACHED, ConsumerStack.NODE_KILL, 113, 12.7)));

        assertThat(ConsumerStackSummary.advice(rows)).containsExactly("phase 4, Spring Cloud Gateway: load-balancer cache"
                + " off rode instanceKill better (5 failed calls over 0.6 s vs 359 failed calls over 26.5 s); load-balancer"
                + " cache on rode nodeKill better (0 failed calls vs 113 failed calls over 12.7 s): no setting wins every"
                + " event measured");
    }

    @Test
    void aSettingThatRodeEveryEventWithFewerFailuresIsRecommended() {
        String off = "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection off";
        String on = "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection on";
        List<ConsumerStackSummary> rows = ConsumerStackSummary.of(List.of(line(off, ConsumerStack.INSTANCE_KILL, 190, 1.5),
                line(on, ConsumerStack.INSTANCE_KILL, 16, 1.1), line(off, ConsumerStack.NODE_KILL, 40, 3),
                line(on, ConsumerStack.NODE_KILL, 40, 3)));

        assertThat(ConsumerStackSummary.advice(rows)).singleElement().asString()
                .startsWith("phase 4, Dubbo 3.2 + nacos-client 2.3.2: empty-push protection on rode instanceKill")
                .contains("empty-push protection made no difference beyond a second of calls through nodeKill (40 failed"
                        + " calls over 3.0 s on, 40 failed calls over 3.0 s off)")
                .endsWith(": turn empty-push protection on");
    }

    @Test
    void aDifferenceWithinASecondOfCallsIsWhatCallsInFlightAtAKillCostNotASettingsWin() {
        String off = "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection off";
        String on = "Dubbo 3.2 + nacos-client 2.3.2, empty-push protection on";
        List<ConsumerStackSummary> rows = ConsumerStackSummary.of(List.of(line(off, ConsumerStack.INSTANCE_KILL, 0, 0),
                line(on, ConsumerStack.INSTANCE_KILL, 9, 1.0)));

        assertThat(ConsumerStackSummary.advice(rows)).containsExactly("phase 4, Dubbo 3.2 + nacos-client 2.3.2: empty-push"
                + " protection made no difference beyond a second of calls through instanceKill (9 failed calls over 1.0 s"
                + " on, 0 failed calls off)");
    }

    @Test
    void aStackWithoutItsTwinAndAStackOfAnotherPhaseAdviseNothing() {
        List<ConsumerStackSummary> rows = ConsumerStackSummary.of(List.of(line(CACHED, ConsumerStack.INSTANCE_KILL, 359, 26.5),
                new Line<>("consumerStack", Instant.EPOCH, 0, 7, new ConsumerStack(UNCACHED, ConsumerStack.INSTANCE_KILL,
                        100, 5, 0.6, 0.7, true, 50, List.of("2.3.2")), 0)));

        assertThat(ConsumerStackSummary.advice(rows)).isEmpty();
        assertThat(rows.get(0).servers()).isEqualTo("2.3.2 x2");
    }

    private static Line<ConsumerStack> line(String stack, String event, int errors, double seconds) {
        return new Line<>("consumerStack", Instant.EPOCH, 400, 4,
                new ConsumerStack(stack, event, 500, errors, seconds, null, true, 50, List.of("2.3.2", "2.3.2")), 0);
    }
}
