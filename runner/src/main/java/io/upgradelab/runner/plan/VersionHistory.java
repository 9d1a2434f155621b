package io.upgradelab.runner.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What each node ran before each change of its version, newest last: what a rollback returns it to,
 * node by node, on its own data. Kept alike by the plan (what the file will do) and by the run (what it
 * did), so a rollback rolls back exactly the steps taken so far.
 */
public final class VersionHistory {

    private final Map<Integer, Deque<String>> before = new HashMap<>();
    private final Deque<Integer> changes = new ArrayDeque<>();

    /** Node {@code node} left {@code from} for another version. */
    public synchronized void changed(int node, String from) {
        before.computeIfAbsent(node, n -> new ArrayDeque<>()).addLast(from);
        changes.addLast(node);
    }

    /** The nodes that changed and were not rolled back, the one that changed last first: a rollback's order. */
    public synchronized List<Integer> lastChangedFirst() {
        List<Integer> order = new ArrayList<>();
        changes.descendingIterator().forEachRemaining(n -> {
            if (!order.contains(n)) {
                order.add(n);
            }
        });
        return order;
    }

    /** The version node {@code node} ran before its last change, if it changed. */
    public synchronized Optional<String> before(int node) {
        Deque<String> versions = before.get(node);
        return versions == null || versions.isEmpty() ? Optional.empty() : Optional.of(versions.peekLast());
    }

    /** Node {@code node} went back to {@link #before}: that change is undone. */
    public synchronized void undone(int node) {
        Deque<String> versions = before.get(node);
        if (versions != null && versions.pollLast() != null) {
            changes.removeLastOccurrence(node);
        }
    }
}
