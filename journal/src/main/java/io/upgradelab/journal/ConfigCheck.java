package io.upgradelab.journal;

import java.util.List;

/**
 * The configs observer's check of the configs the lab published, journalled every observation: did
 * every node serve each of them, with its last published content and MD5, and did every listening
 * client see its last change? An upgrade that loses configs fails here (alibaba/nacos #9681: config
 * data gone after the upgrade), so the gate's {@code configIntact} reads these lines.
 *
 * <p>Only settled configs are checked: one changed less than the settle time ago, or whose last
 * publish failed, is pending (it may still be on its way to every node and listener).
 *
 * @param published       configs the lab published
 * @param checked         of them, those checked now (the rest are pending)
 * @param changes         changes the lab published since the run began
 * @param publishFailures publishes (first or change) that failed since the run began; retried
 * @param nodes           per node, by node number
 * @param listeners       per client version
 */
@LineType("configCheck")
public record ConfigCheck(int published, int checked, long changes, int publishFailures, List<NodeConfigs> nodes,
                          List<ListenerConfigs> listeners) {

    /** A node whose answers count: it answered and has been up for the settle time. */
    public static final String CHECKED = "checked";
    /** A node up again (or on a new version) for less than the settle time, or a listener started as recently. */
    public static final String SETTLING = "settling";
    /** A listener whose client is not started (a 2.x client before the servers serve 2.x). */
    public static final String OFF = "off";
    /** A listener that has listened for the settle time: judged. */
    public static final String LISTENING = "listening";

    public ConfigCheck {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        listeners = listeners == null ? List.of() : List.copyOf(listeners);
    }

    /** The configs not checked now: changed within the settle time, or their last publish failed. */
    public int pending() {
        return published - checked;
    }

    /**
     * One node's answers.
     *
     * @param state      {@link #CHECKED}, {@link #SETTLING}, or why it was not asked: {@code unreachable}
     *                   (it did not answer; {@code error} says how) or the backend's state ({@code stopped},
     *                   {@code paused}, ...); counts are 0 unless checked
     * @param missing    checked configs it answered "config data not exist" for
     * @param mismatched checked configs it served with other content or another MD5
     * @param missingIds the first few missing, by data id; {@code mismatchedIds} the same
     */
    public record NodeConfigs(int node, String version, String state, int missing, int mismatched,
                              List<String> missingIds, List<String> mismatchedIds, String error) {

        public NodeConfigs {
            missingIds = missingIds == null ? List.of() : List.copyOf(missingIds);
            mismatchedIds = mismatchedIds == null ? List.of() : List.copyOf(mismatchedIds);
        }

        public boolean checked() {
            return CHECKED.equals(state);
        }
    }

    /**
     * One client version's listeners (one client, a listener on every config).
     *
     * @param generation {@code 1x} (told by HTTP long polling) or {@code 2x} (by a push over gRPC)
     * @param client    the nacos-client version, e.g. 1.4.1
     * @param state     {@link #OFF}, {@link #SETTLING} or {@link #LISTENING}; only a listening one is judged
     * @param changes   changes published since it began listening: what it should have heard
     * @param notified  callbacks it received since (the first content it read is not one)
     * @param behind    checked configs whose last content it saw is not the last published
     * @param behindIds the first few of them, by data id
     */
    public record ListenerConfigs(String generation, String client, String state, long changes, long notified,
                                  int behind, List<String> behindIds) {

        public ListenerConfigs {
            behindIds = behindIds == null ? List.of() : List.copyOf(behindIds);
        }

        public boolean listening() {
            return LISTENING.equals(state);
        }
    }
}
