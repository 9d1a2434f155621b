package io.upgradelab.runner.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the fleet's providers are shared among pods of at most 10 each. */
class PodSharesTest {

    private static final List<PodShares.Share> PODS = List.of(new PodShares.Share("a", "1.4.1", 10),
            new PodShares.Share("b", "1.4.1", 10), new PodShares.Share("c", "1.4.1", 10),
            new PodShares.Share("d", "1.4.1", 5));

    @Test
    void aRampTopsUpThePartlyFilledPodThenAddsFullPodsAndOneForTheRest() {
        assertThat(PodShares.grow(0, 25, 10)).isEqualTo(new PodShares.Growth(0, List.of(10, 10, 5)));
        assertThat(PodShares.grow(5, 17, 10)).isEqualTo(new PodShares.Growth(5, List.of(10, 2)));
        assertThat(PodShares.grow(5, 3, 10)).isEqualTo(new PodShares.Growth(3, List.of()));
        assertThat(PodShares.grow(10, 3, 10)).as("a full pod takes nothing").isEqualTo(new PodShares.Growth(0, List.of(3)));
    }

    @Test
    void aShrinkTakesFromThePodsStartedLast() {
        assertThat(PodShares.shrink(PODS, 12)).containsExactly(Map.entry("d", 0), Map.entry("c", 3));
        assertThat(PodShares.shrink(PODS, 5)).containsExactly(Map.entry("d", 0));
        assertThat(PodShares.shrink(PODS, 0)).isEmpty();
    }

    @Test
    void clientBatchesShareThePodsEvenlyTheFirstStartedFirst() {
        List<PodShares.Share> first = PodShares.batch(PODS, 1, 3);
        assertThat(first).extracting(PodShares.Share::pod).containsExactly("a", "b");
        List<PodShares.Share> second = PodShares.batch(PODS.subList(2, 4), 2, 3);
        assertThat(second).extracting(PodShares.Share::pod).containsExactly("c");
        assertThat(PodShares.batch(PODS.subList(3, 4), 3, 3)).extracting(PodShares.Share::pod).containsExactly("d");
        assertThat(PodShares.batch(PODS, 1, 1)).hasSize(4);
    }
}
