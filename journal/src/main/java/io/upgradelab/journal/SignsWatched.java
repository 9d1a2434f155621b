package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the failure-sign observer watches in a run, said once when it starts: a criterion over the
 * signs judges only what was watched, and a run where nothing was ({@code signs} empty, or no such
 * line in an older journal) never passes it.
 *
 * @param signs   the signs watched on at least one node
 * @param logs    per node, the log files followed (none where the backend keeps no logs the lab can read)
 * @param message what is not watched and why; null when everything is
 */
@LineType("signsWatched")
public record SignsWatched(List<String> signs, List<NodeLogs> logs,
                           @JsonInclude(JsonInclude.Include.NON_NULL) String message) {

    public SignsWatched {
        signs = signs == null ? List.of() : List.copyOf(signs);
        logs = logs == null ? List.of() : List.copyOf(logs);
    }

    /** The log files of one node that are followed. */
    public record NodeLogs(int node, List<String> files) {

        public NodeLogs {
            files = files == null ? List.of() : List.copyOf(files);
        }
    }
}
