package io.upgradelab.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.MissingInstances;
import java.util.Map;
import java.util.function.Function;

/**
 * Which journal lines are events on the report's timeline, and how each is said. One entry per line
 * type: marking a new kind of event is adding an entry here.
 */
final class EventWording {

    private static final Map<String, Function<JsonNode, String>> WORDINGS = Map.of(
            "upgradeStep", EventWording::upgradeStep,
            "fault", l -> "fault " + l.path("fault").asText() + ": node " + l.path("node").asInt() + " "
                    + l.path("action").asText() + (l.has("network") ? " (" + l.path("network").asText() + ")" : ""),
            "clientBatch", l -> "client batch " + l.path("batch").asInt() + " of " + l.path("of").asInt() + " to "
                    + l.path("to").asText(),
            "raftLeaderTransfer", l -> "raft leadership of " + join(l.path("groups")) + " from node "
                    + l.path("from").asInt() + " to node " + l.path("to").asInt(),
            "doubleWrite", l -> "node " + l.path("node").asInt() + " double write "
                    + (l.path("enabled").asBoolean() ? "on" : "off")
                    + (l.has("action") ? " (" + l.path("action").asText() + ")" : ""),
            "upgradeForced", l -> l.path("message").asText(),
            "warning", l -> "warning: " + l.path("message").asText(),
            "missingInstances", l -> JournalJson.read(l, MissingInstances.class).body().describe());

    private EventWording() {
    }

    /** How {@code line} is said on the timeline; null when it is not an event. */
    static String of(JsonNode line) {
        Function<JsonNode, String> wording = WORDINGS.get(line.path("type").asText());
        return wording == null ? null : wording.apply(line);
    }

    /** The stopping and up stages of a node's upgrade; its other stages are not events of their own. */
    private static String upgradeStep(JsonNode line) {
        String stage = line.path("stage").asText();
        String node = "node " + line.path("node").asInt();
        return switch (stage) {
            case "stopping" -> node + " stopping (" + line.path("from").asText() + ")";
            case "up" -> node + " up on " + line.path("to").asText();
            default -> null;
        };
    }

    private static String join(JsonNode values) {
        StringBuilder text = new StringBuilder();
        values.forEach(v -> text.append(text.length() == 0 ? "" : ", ").append(v.asText()));
        return text.toString();
    }
}
