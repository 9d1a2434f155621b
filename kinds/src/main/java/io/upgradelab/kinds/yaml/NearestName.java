package io.upgradelab.kinds.yaml;

import java.util.Collection;
import java.util.Locale;

/**
 * The known name a person most likely meant by one the file does not know (a typo, another case,
 * a letter left out): the "did you mean" of an unknown field or kind. Experiment files and gate
 * policies suggest with this one rule, so both suggest alike.
 */
public final class NearestName {

    private NearestName() {
    }

    /** The name of {@code known} closest to {@code typed} if one is close enough to be a slip; else null. */
    public static String of(String typed, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = candidate.equalsIgnoreCase(typed) ? 0
                    : distance(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int allowed = Math.max(2, typed.length() / 3);
        return best != null && bestDistance <= allowed ? best : null;
    }

    /** The Levenshtein distance: single-character insertions, deletions and substitutions. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
