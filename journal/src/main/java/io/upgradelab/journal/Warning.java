package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Something in the run a person should know, that did not stop it: an upgrade that did not finish by
 * itself, a node that did not sync, an unsupported path. The gate decides on {@link #kind()}, a
 * {@link WarningKind}, never on the message. Failure signs are warnings too, with fields of their own
 * ({@link FailureSignWarning}).
 *
 * @param kind    what it is
 * @param node    the node it is about, when one; else absent
 * @param from    for an unsupported path, the version upgraded from; else absent
 * @param to      for an unsupported path, the version upgraded to; else absent
 * @param nodes   for an upgrade that did not finish, each 2.0/2.1 node's status then; else absent
 * @param message what happened, as the report says it
 */
@LineType("warning")
public record Warning(WarningKind kind, @JsonInclude(JsonInclude.Include.NON_NULL) Integer node,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String from,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String to,
                      @JsonInclude(JsonInclude.Include.NON_NULL) List<UpgradeSample> nodes, String message) {

    /** A warning about node {@code node}. */
    public static Warning onNode(WarningKind kind, int node, String message) {
        return new Warning(kind, node, null, null, null, message);
    }

    /** A warning about the upgrade as a whole, with each node's upgrade status. */
    public static Warning withStatuses(WarningKind kind, List<UpgradeSample> nodes, String message) {
        return new Warning(kind, null, null, null, nodes, message);
    }

    /** A warning about the run as a whole. */
    public static Warning of(WarningKind kind, String message) {
        return new Warning(kind, null, null, null, null, message);
    }

    /** An upgrade path Nacos does not support. */
    public static Warning unsupportedPath(String from, String to, String message) {
        return new Warning(WarningKind.unsupportedUpgradePath, null, from, to, null, message);
    }
}
