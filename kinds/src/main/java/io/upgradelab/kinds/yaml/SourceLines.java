package io.upgradelab.kinds.yaml;

import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.Map;
import java.util.Optional;

/**
 * Where each field of a YAML file starts in its text, by JSON pointer ({@code /phases/3/to}), so
 * that a problem found in the tree, the bound model or the plan names the line a person edits. A
 * field's position is its key's; a list item's is where the item starts. Built by {@link LocatedTree}.
 */
public final class SourceLines {

    /** A position in the file, both 1-based. */
    public record Position(int line, int column) {
    }

    private static final Position START = new Position(1, 1);

    private final Map<String, Position> byPointer;

    public SourceLines(Map<String, Position> byPointer) {
        this.byPointer = Map.copyOf(byPointer);
    }

    /** The position recorded for exactly {@code pointer}, if the file has that field. */
    public Optional<Position> exact(String pointer) {
        return Optional.ofNullable(byPointer.get(pointer));
    }

    /**
     * The position of {@code pointer}, or of its nearest enclosing field when the file does not
     * have it (a missing required field is reported where its object starts); line 1 at worst.
     */
    public Position of(String pointer) {
        for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
            Position found = byPointer.get(p);
            if (found != null) {
                return found;
            }
            if (p.isEmpty()) {
                return START;
            }
        }
    }

    public int lineOf(String pointer) {
        return of(pointer).line();
    }

    /** {@code field} as one step of a JSON pointer: '~' and '/' escaped, as RFC 6901 wants. */
    public static String escaped(String field) {
        return field.replace("~", "~0").replace("/", "~1");
    }

    /** The pointer of the field a Jackson mapping error is about, under {@code base}: {@code /criteria/2/atMost}. */
    public static String pointerOf(String base, JsonMappingException e) {
        StringBuilder pointer = new StringBuilder(base);
        e.getPath().forEach(r -> pointer.append('/')
                .append(r.getFieldName() != null ? escaped(r.getFieldName()) : String.valueOf(r.getIndex())));
        return pointer.toString();
    }
}
