package io.upgradelab.naming;

import java.math.BigInteger;
import java.util.Comparator;

/**
 * Nacos versions, server or client, in release order: numeric part by numeric part, so 2.10.0 sorts
 * after 2.5.1 (as plain strings it would come before). Here, at the bottom of every module that
 * keys or lists versions (the fleet's clients, the journal's providers per client, the runner's
 * server and client distributions), so that they all list them alike.
 */
public final class VersionOrder {

    /**
     * Part by part, split at dots and dashes: two numbers compare as numbers, anything else as text
     * ({@code 1x} before {@code 2x}, {@code 3.1.0-bugfix} after {@code 3.1.0}); a version that is a
     * prefix of another comes first ({@code 2.2} before {@code 2.2.3}). Numbers of any length: a
     * version is input, and a long one must not overflow. Versions equal as numbers but spelled apart
     * ({@code 2.0} and {@code 2.00}) end in text order, so a map keyed by version keeps both.
     */
    public static final Comparator<String> NUMERIC = VersionOrder::compare;

    private VersionOrder() {
    }

    private static int compare(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = isNumber(x[i]) && isNumber(y[i])
                    ? new BigInteger(x[i]).compareTo(new BigInteger(y[i]))
                    : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        int c = Integer.compare(x.length, y.length);
        return c != 0 ? c : a.compareTo(b);
    }

    private static boolean isNumber(String part) {
        return !part.isEmpty() && part.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
