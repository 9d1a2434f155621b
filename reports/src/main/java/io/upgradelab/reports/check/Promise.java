package io.upgradelab.reports.check;

/** What a registry promises its users; each {@link Violation} breaks one. */
public enum Promise {
    /** An acknowledged, live instance is in every node's and subscriber's view once a settle bound has passed. */
    ackedVisible("an acknowledged live instance missing"),
    /** A deregistered or dead instance is served by no one once a bound has passed. */
    deadGoneWithin("a dead instance still served"),
    /** No subscriber is pushed an empty list while live providers exist. */
    noEmptyPush("an empty push while providers lived");

    private final String broken;

    Promise(String broken) {
        this.broken = broken;
    }

    /** What a violation of it is, as a person reads it. */
    public String broken() {
        return broken;
    }
}
