package io.upgradelab.reports.html;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays labels out in lanes so that none overlaps another: a label goes into the first lane whose last
 * label ends, with a gap, before it begins; otherwise into a new lane. The charts stack their event
 * marks' labels this way (E3 and E4, a second apart, used to print over each other), and the phases'
 * numbers likewise.
 */
final class LabelLanes {

    /** A label's horizontal extent, in pixels. */
    record Span(double from, double to) {
    }

    private LabelLanes() {
    }

    /** The lane of each of {@code spans} (0: the first), in their order; they must come ordered by {@code from}. */
    static List<Integer> assign(List<Span> spans, double gap) {
        List<Double> laneEnds = new ArrayList<>();
        List<Integer> lanes = new ArrayList<>();
        for (Span span : spans) {
            int lane = 0;
            while (lane < laneEnds.size() && laneEnds.get(lane) + gap > span.from()) {
                lane++;
            }
            if (lane == laneEnds.size()) {
                laneEnds.add(span.to());
            } else {
                laneEnds.set(lane, span.to());
            }
            lanes.add(lane);
        }
        return List.copyOf(lanes);
    }
}
