package io.upgradelab.runner;

import java.util.Optional;

/**
 * JVM heap sizes as {@code -Xmx} takes them ({@code 512m}, {@code 1g}, {@code 1048576k}): one reading
 * for every place a size is checked or turned into bytes, with the range the lab starts a JVM with,
 * so that a typo like {@code 1} (one byte) or {@code 9999999g} is refused in the file, not by a JVM
 * that fails to start minutes into a run.
 */
public final class HeapSizes {

    /** The smallest heap a Nacos server, the fleet or the probe starts with. */
    public static final long MIN_BYTES = 64L << 20;
    /** More than any machine here has; beyond it a size is a typo. */
    public static final long MAX_BYTES = 1024L << 30;

    /** A size as -Xmx takes it, of a bounded length; the experiment schema's heap pattern is this one. */
    public static final String PATTERN = "^[0-9]{1,13}[kKmMgG]?$";

    private HeapSizes() {
    }

    /** {@code size} in bytes; throws IllegalArgumentException for a size -Xmx would not take. */
    public static long bytes(String size) {
        if (size == null || !size.matches(PATTERN)) {
            throw new IllegalArgumentException("'" + size + "' is not a heap size: write it as -Xmx takes it, e.g. 512m or 1g");
        }
        char unit = Character.toLowerCase(size.charAt(size.length() - 1));
        String digits = Character.isDigit(unit) ? size : size.substring(0, size.length() - 1);
        long value = Long.parseLong(digits);
        int shift = switch (unit) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        return value > MAX_BYTES >> shift ? Long.MAX_VALUE : value << shift;
    }

    /** Why the lab does not start a JVM with {@code size}, if it does not. */
    public static Optional<String> problem(String size) {
        long bytes;
        try {
            bytes = bytes(size);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        if (bytes < MIN_BYTES || bytes > MAX_BYTES) {
            return Optional.of("'" + size + "' is outside the heap sizes the lab starts a JVM with, 64m to 1024g");
        }
        return Optional.empty();
    }
}
