package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.upgradelab.runner.calibrate.Calibration;
import io.upgradelab.runner.calibrate.CalibrationPlan.Pair;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pair's frontier read from the journal of the run that measured it. */
class CapacityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theFrontierIsTheLastStableStepBeforeTheFirstThatFlapped() throws Exception {
        // step 1000 held, step 2000 flapped in its hold, step 3000 did not settle (the run ended there)
        journal(List.of(
                phase(1, "rampTo", "done", 0), phase(2, "waitUntil", "done", 0), phase(3, "hold", "done", 0),
                phase(4, "rampTo", "done", 0), phase(5, "waitUntil", "done", 0), phase(6, "hold", "done", 2),
                phase(7, "rampTo", "done", 0), phase(8, "waitUntil", "failed", 5)));

        Calibration.PairCapacity capacity = Capacity.of(new Pair("1.4.1", "1x"), List.of(1000, 2000, 3000, 4000), dir);

        assertThat(capacity.frontier()).isEqualTo(1000);
        assertThat(capacity.firstUnstable()).isEqualTo(2000);
        assertThat(capacity.steps()).extracting(Calibration.Step::providers).containsExactly(1000, 2000, 3000);
        assertThat(capacity.steps()).extracting(Calibration.Step::stable).containsExactly(true, false, false);
        assertThat(capacity.steps()).extracting(Calibration.Step::settled).containsExactly(true, true, false);
        assertThat(capacity.steps().get(1).flappingEvents()).isEqualTo(2);
        assertThat(capacity.steps().get(0).cpuPercentPerNode()).containsExactly(40.0, 41.0);
    }

    @Test
    void everyStepHeldLeavesTheFrontierBeyondTheLast() throws Exception {
        journal(List.of(phase(1, "rampTo", "done", 0), phase(2, "waitUntil", "done", 0), phase(3, "hold", "done", 0)));

        Calibration.PairCapacity capacity = Capacity.of(new Pair("2.0.4", "2x"), List.of(5000), dir);

        assertThat(capacity.frontier()).isEqualTo(5000);
        assertThat(capacity.firstUnstable()).isZero();
    }

    /** phaseStarted and phaseEnded lines; {@code below} samples below the expected count on node 1. */
    private static List<ObjectNode> phase(int index, String kind, String outcome, int below) {
        ObjectNode start = JSON.createObjectNode().put("type", "phaseStarted").put("time", time(index * 2))
                .put("elapsed", index * 2.0).put("phase", index).put("index", index).put("kind", kind)
                .put("title", kind + " " + index);
        ObjectNode end = JSON.createObjectNode().put("type", "phaseEnded").put("time", time(index * 2 + 1))
                .put("elapsed", index * 2.0 + 1).put("phase", index).put("index", index).put("kind", kind)
                .put("title", kind + " " + index).put("outcome", outcome).put("seconds", 1.0);
        var nodes = end.putArray("nodes");
        nodes.addObject().put("node", 1).put("samples", 5).put("minInstances", 900).put("belowSamples", below)
                .put("drops", below).put("meanCpuPercent", 40.0);
        nodes.addObject().put("node", 2).put("samples", 5).put("minInstances", 1000).put("meanCpuPercent", 41.0);
        return List.of(start, end);
    }

    private void journal(List<List<ObjectNode>> phases) throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add(JSON.createObjectNode().put("type", "runStarted").put("time", time(0)).put("elapsed", 0.0)
                .put("experiment", "calibrate").toString());
        phases.forEach(p -> p.forEach(l -> lines.add(l.toString())));
        lines.add(JSON.createObjectNode().put("type", "runEnded").put("time", time(99)).put("elapsed", 99.0)
                .put("outcome", "failed").put("seconds", 99.0).toString());
        Files.write(dir.resolve("journal.jsonl"), lines);
    }

    private static String time(int second) {
        return java.time.Instant.parse("2026-11-23T20:00:00Z").plusSeconds(second).toString();
    }
}
