package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One node's step in a rolling server upgrade: stopping it, up on the new version, done (synced and, where
 * the path waits for it, upgraded). The report draws each step on the timeline, and the seconds each took
 * are what a team plans its maintenance window with.
 *
 * @param node    the node
 * @param from    the version it ran
 * @param to      the version it runs after the step
 * @param stage   {@link #STOPPING}, {@link #UP} or {@link #DONE}
 * @param seconds  since the node began stopping; absent at {@link #STOPPING}
 * @param rollback a step of a rollback ({@code to} is the version the node ran before); absent otherwise
 */
@LineType("upgradeStep")
public record UpgradeStep(int node, String from, String to, String stage,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Double seconds,
                          @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rollback) {

    public static final String STOPPING = "stopping";
    public static final String UP = "up";
    public static final String DONE = "done";

    public static UpgradeStep stopping(int node, String from, String to) {
        return new UpgradeStep(node, from, to, STOPPING, null, false);
    }

    public static UpgradeStep up(int node, String from, String to, double seconds) {
        return new UpgradeStep(node, from, to, UP, seconds, false);
    }

    public static UpgradeStep done(int node, String from, String to, double seconds) {
        return new UpgradeStep(node, from, to, DONE, seconds, false);
    }

    /** This step as a rollback's, when {@code rollback}. */
    public UpgradeStep asRollback(boolean rollback) {
        return new UpgradeStep(node, from, to, stage, seconds, rollback);
    }
}
