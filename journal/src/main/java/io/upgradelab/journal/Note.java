package io.upgradelab.journal;

/**
 * A remark the run made for the record that is neither a warning nor an error (e.g. how a stop was asked
 * for), so what a person saw on the console is in the journal too.
 */
@LineType("note")
public record Note(String message) {
}
