package io.upgradelab.reports.gate;

/**
 * A criterion whose fields do not go together (two bounds, a ratio without what it is a ratio of), thrown by its
 * record's constructor. It names the field at fault, so the policy reader reports it as every other mistake, at
 * {@code FILE:LINE: criteria[2].atMostRatio: ...}, the line of that field, rather than as the binder's "cannot
 * construct instance" at the criterion's first line.
 */
public final class InvalidCriterionException extends IllegalArgumentException {

    private final String field;

    /**
     * @param field   the field at fault, as the policy spells it; null when the criterion as a whole is (a bound missing)
     * @param message what is wrong, and what to write instead
     */
    public InvalidCriterionException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** The field at fault, as the policy spells it; null when the criterion as a whole is. */
    public String field() {
        return field;
    }
}
