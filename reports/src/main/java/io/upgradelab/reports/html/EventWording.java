package io.upgradelab.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import io.upgradelab.journal.ClientBatch;
import io.upgradelab.journal.ConsoleStarted;
import io.upgradelab.journal.DoubleWrite;
import io.upgradelab.journal.FaultEvent;
import io.upgradelab.journal.JournalJson;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.NamespaceMigration;
import io.upgradelab.journal.RaftLeaderTransfer;
import io.upgradelab.journal.StorageMigration;
import io.upgradelab.journal.UpgradeForced;
import io.upgradelab.journal.UpgradeStep;
import io.upgradelab.journal.Warning;
import java.util.Map;
import java.util.function.Function;

/**
 * Which journal lines are events on the report's timeline, and how each is said. One entry per line
 * type, read through its record: marking a new kind of event is adding an entry here.
 */
final class EventWording {

    private static final Map<String, Function<JsonNode, String>> WORDINGS = Map.ofEntries(
            Map.entry(type(UpgradeStep.class), l -> upgradeStep(read(l, UpgradeStep.class))),
            Map.entry(type(FaultEvent.class), l -> fault(read(l, FaultEvent.class))),
            Map.entry(type(ClientBatch.class), l -> clientBatch(read(l, ClientBatch.class))),
            Map.entry(type(RaftLeaderTransfer.class), l -> raftLeaderTransfer(read(l, RaftLeaderTransfer.class))),
            Map.entry(type(DoubleWrite.class), l -> doubleWrite(read(l, DoubleWrite.class))),
            Map.entry(type(UpgradeForced.class), l -> read(l, UpgradeForced.class).message()),
            Map.entry(type(Warning.class), l -> "warning: " + read(l, Warning.class).message()),
            Map.entry(type(MissingInstances.class), l -> read(l, MissingInstances.class).describe()),
            Map.entry(type(StorageMigration.class), l -> read(l, StorageMigration.class).describe()),
            Map.entry(type(NamespaceMigration.class), l -> read(l, NamespaceMigration.class).describe()),
            Map.entry(type(ConsoleStarted.class), l -> read(l, ConsoleStarted.class).describe()));

    private EventWording() {
    }

    /** How {@code line} is said on the timeline; null when it is not an event. */
    static String of(JsonNode line) {
        Function<JsonNode, String> wording = WORDINGS.get(line.path("type").asText());
        return wording == null ? null : wording.apply(line);
    }

    /** The stopping and up stages of a node's upgrade; its other stages are not events of their own. */
    private static String upgradeStep(UpgradeStep step) {
        if (step.stage() == null) {
            return null;
        }
        String node = "node " + step.node();
        return switch (step.stage()) {
            case UpgradeStep.STOPPING -> node + " stopping (" + step.from() + ")";
            case UpgradeStep.UP -> node + " up on " + step.to();
            default -> null;
        };
    }

    private static String fault(FaultEvent fault) {
        return "fault " + fault.fault() + ": node " + fault.node() + " " + fault.action()
                + (fault.network() == null ? "" : " (" + fault.network() + ")");
    }

    private static String clientBatch(ClientBatch batch) {
        return "client batch " + batch.batch() + " of " + batch.of() + " to " + batch.to();
    }

    private static String raftLeaderTransfer(RaftLeaderTransfer transfer) {
        return "raft leadership of " + String.join(", ", transfer.groups()) + " from node " + transfer.from()
                + " to node " + transfer.to();
    }

    private static String doubleWrite(DoubleWrite write) {
        return "node " + write.node() + " double write " + (write.enabled() ? "on" : "off")
                + (write.action() == null ? "" : " (" + write.action() + ")");
    }

    private static String type(Class<?> line) {
        return JournalJson.typeOf(line);
    }

    private static <T> T read(JsonNode line, Class<T> body) {
        return JournalJson.read(line, body).body();
    }
}
