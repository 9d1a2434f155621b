package io.upgradelab.runner.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.FaultEvent;
import io.upgradelab.journal.UpgradeStatusSample;
import io.upgradelab.journal.Warning;
import io.upgradelab.journal.WarningKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every journal line is a record of the journal module: typed on the way in, so the reports read types. */
class JournalTest {

    @TempDir
    Path run;

    @Test
    void aTypedLineIsWrittenWithItsTypeTimeAndPhaseAndOnlyTheFieldsItHas() throws Exception {
        try (Journal journal = Journal.create(run)) {
            journal.setPhase(3);
            journal.append(new FaultEvent("pauseNode", 2, "paused"));
            journal.append(Warning.onNode(WarningKind.nodeNotSynced, 1, "node 1 did not sync"));
            journal.append(new UpgradeStatusSample(List.of()));
        }
        List<JsonNode> lines = read();
        assertThat(lines.get(0).path("type").asText()).isEqualTo("fault");
        assertThat(lines.get(0).path("phase").asInt()).isEqualTo(3);
        assertThat(lines.get(0).has("time")).isTrue();
        assertThat(lines.get(0).has("network")).as("absent, not null").isFalse();
        assertThat(lines.get(1).path("kind").asText()).isEqualTo("nodeNotSynced");
        assertThat(lines.get(1).has("from")).isFalse();
        assertThat(lines.get(2).path("type").asText()).isEqualTo("sample");
        assertThat(lines.get(2).path("observer").asText()).isEqualTo("upgradeStatus");
    }

    @Test
    void aLineThatIsNoRecordOfTheJournalIsRefused() throws Exception {
        try (Journal journal = Journal.create(run)) {
            assertThatThrownBy(() -> journal.append(Map.of("type", "warning", "message", "untyped")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a journal line");
        }
        assertThat(read()).isEmpty();
    }

    private List<JsonNode> read() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(run.resolve(Journal.FILE_NAME))) {
            lines.add(json.readTree(line));
        }
        return lines;
    }
}
