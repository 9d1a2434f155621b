package io.upgradelab.runner.observe.signs;

import java.util.List;

/**
 * A failure sign in a node's log: a line of {@code file} that holds one of {@code texts}, the words
 * Nacos writes there (taken from its source) when the failure reported in {@code issue} happens.
 *
 * @param sign  the sign's name, as journals and policies say it
 * @param issue the Nacos issues that report it
 * @param file  the log file, in the node's log folder
 * @param texts what a line of it holds, any one of them (matched as written, case included)
 */
record LogSign(String sign, String issue, String file, List<String> texts) {

    LogSign {
        texts = List.copyOf(texts);
    }

    /** Whether {@code line} of {@link #file} shows the sign. */
    boolean matches(String line) {
        for (String text : texts) {
            if (line.contains(text)) {
                return true;
            }
        }
        return false;
    }
}
