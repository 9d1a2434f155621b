package io.upgradelab.journal;

import java.util.List;

/**
 * A known failure sign seen on a node: a line of its log that Nacos writes when an upgrade goes
 * wrong in a way reported before (alibaba/nacos issues), or a state of the cluster that outlasted its
 * bound. Journalled as a {@code warning} of kind {@code failureSign}, among the other warnings, so
 * every report lists it as an event; the gate counts them ({@code failureSigns}).
 *
 * <p>Each sign is journalled once per node when it first shows; its repeats within a minute are
 * counted into the next warning of the same sign on the same node rather than journalled one by one.
 *
 * @param kind    always {@link #KIND}
 * @param sign    the sign's name, e.g. {@code invalidRedirect}
 * @param issue   the Nacos issues that report it, e.g. {@code alibaba/nacos #12070}
 * @param node    the node it showed on; {@link #CLIENTS} for a sign in the log of a client of the lab's (the
 *                fleet), whose line then starts with the client's name
 * @param line    the log line (clipped, control characters escaped), or the state that outlasted its bound
 * @param repeats further lines of the sign on the node since its previous warning, not journalled one by one
 * @param message the whole of it as a person reads it
 */
@LineType("warning")
public record FailureSignWarning(String kind, String sign, String issue, int node, String line,
                                 int repeats, String message) {

    /** The {@code kind} of a failure sign among the journal's warnings. */
    public static final String KIND = WarningKind.failureSign.name();

    /**
     * Every sign the lab knows, by name, in the order of the runner's table of signs
     * ({@code runner/.../observe/signs/Signs}, which must name these and no other): a policy naming a sign
     * outside this list is refused, since a misspelt sign would match no warning and pass.
     */
    public static final List<String> SIGNS = List.of("invalidRedirect", "downgradeTo1x", "raftStateMachine",
            "namespacePreCheckFailed", "schemaBehindServer", "rocksDbCompaction", "clientRefused",
            "readyToUpgradeDisagrees",
            "upgradedAlone", "upgradedLost", "doubleWriteBackOn", "v1ServicesMissingInV2", "oneXBesideTwoTwo",
            "grpcPortClosed", "notReady");

    /**
     * The {@code node} of a sign a client of the lab's showed rather than a node: a server that refuses a
     * client logs nothing a lab can read at its default levels (3.x's refusals are at DEBUG, beside lines that
     * hold tokens), so the client's own log is where a refusal shows.
     */
    public static final int CLIENTS = 0;

    /** The warning for {@code sign} on {@code node}, worded. */
    public static FailureSignWarning of(String sign, String issue, int node, String line, int repeats) {
        return new FailureSignWarning(KIND, sign, issue, node, line, repeats, "failure sign " + sign + " (" + issue
                + ") " + where(node) + ": " + line + (repeats == 0 ? "" : " (and " + repeats + " more since the last)"));
    }

    /** "on node 2", or "in the lab's clients" for {@link #CLIENTS}: where a sign showed, as messages say it. */
    public static String where(int node) {
        return node == CLIENTS ? "in the lab's clients" : "on node " + node;
    }
}
