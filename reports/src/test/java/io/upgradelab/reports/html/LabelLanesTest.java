package io.upgradelab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.html.LabelLanes.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Labels whose extents collide go into different lanes; a lane is reused once the label before it has ended. */
class LabelLanesTest {

    @Test
    void collidingLabelsStackAndALaneIsReusedOnceFree() {
        List<Span> spans = List.of(new Span(100, 112), new Span(105, 117), new Span(110, 122), new Span(116, 128),
                new Span(300, 312));

        List<Integer> lanes = LabelLanes.assign(spans, 3);

        // 105 starts before 100's label ends (+3); 110 before both; 116 after the first lane's 112 + 3
        assertThat(lanes).containsExactly(0, 1, 2, 0, 0);
    }

    @Test
    void labelsThatDoNotCollideShareTheFirstLane() {
        assertThat(LabelLanes.assign(List.of(new Span(0, 10), new Span(13, 20), new Span(23, 30)), 3))
                .containsExactly(0, 0, 0);
        assertThat(LabelLanes.assign(List.of(new Span(0, 10), new Span(12.9, 20)), 3)).containsExactly(0, 1);
    }
}
