package io.upgradelab.runner.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * What is wrong with an experiment, each problem at a JSON pointer into the file ({@code /phases/3/to}),
 * so the validator can name the line. Phases and conditions report through a view scoped to their
 * own place ({@link #at}), naming only their own fields.
 */
public final class Problems {

    /** One problem: where (a JSON pointer, "" for the whole file) and what. */
    public record Problem(String pointer, String message) {
    }

    private final List<Problem> found;
    private final String prefix;

    public Problems() {
        this(new ArrayList<>(), "");
    }

    private Problems(List<Problem> found, String prefix) {
        this.found = found;
        this.prefix = prefix;
    }

    /** A view that reports under {@code pointer} (relative to this view's own place). */
    public Problems at(String pointer) {
        return new Problems(found, join(prefix, pointer));
    }

    /** Reports a problem with {@code field} (a name or relative pointer; "" for this place itself). */
    public void add(String field, String message) {
        found.add(new Problem(join(prefix, field), message));
    }

    public List<Problem> all() {
        return List.copyOf(found);
    }

    public boolean isEmpty() {
        return found.isEmpty();
    }

    private static String join(String base, String part) {
        if (part == null || part.isEmpty()) {
            return base;
        }
        return base + (part.startsWith("/") ? part : "/" + part);
    }
}
