package io.upgradelab.runner.observe.missing;

import io.upgradelab.journal.NodeSample;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.observe.Observations;
import io.upgradelab.runner.observe.Observed;
import io.upgradelab.runner.observe.Observer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When a node lists fewer providers than were registered, which ones: what each client of the fleet
 * registered against what the node lists ({@link InstanceDiff}), journalled as {@code missingInstances}
 * lines naming the missing providers by service, client and node, and since when ({@link MissingLedger}).
 *
 * <p>Cheap by design: nothing is asked while every node holds its expected count; a diff lists only
 * the services a short node is short in, within {@link #BUDGET}; and at scale diffs are spaced, one
 * round in {@code expected / }{@link #PROVIDERS_PER_ROUND} (every fifth at 14000 providers). Only the
 * fleet's providers are diffed: the demo providers' are watched by the probe.
 */
public final class MissingInstanceDiff implements Observer {

    /** At most one diff per this many expected providers' worth of rounds: every round up to 3000. */
    static final int PROVIDERS_PER_ROUND = 3000;
    /** The time one diff may spend listing services on the short nodes. */
    static final Duration BUDGET = Duration.ofSeconds(5);

    private final Clock clock = Clock.systemUTC();
    private final Map<Integer, MissingLedger> ledgers = new HashMap<>();
    private int roundsSinceDiff = Integer.MAX_VALUE / 2;

    @Override
    public String name() {
        return "missingInstances";
    }

    /** The fleet's registrations and the short nodes' services, listed instance by instance. */
    @Override
    public boolean expensive() {
        return true;
    }

    /** After the instance counts of the round and the expected count. */
    @Override
    public int stage() {
        return 2;
    }

    @Override
    public synchronized void observe(Observed observed, Observations into, Journal journal) {
        int expected = into.expectedInstances();
        List<NodeSample> nodes = into.nodes().stream().filter(NodeSample::reachable).toList();
        List<NodeSample> shortNodes = nodes.stream().filter(n -> n.instances() < expected).toList();
        nodes.stream().filter(n -> n.instances() >= expected).forEach(n ->
                ledger(n.node()).whole(expected, n.instances()).ifPresent(journal::append));
        roundsSinceDiff++;
        if (shortNodes.isEmpty() || roundsSinceDiff < roundsBetweenDiffs(expected) || observed.fleet() == null) {
            return;
        }
        roundsSinceDiff = 0;
        InstanceDiff.Registered registered;
        try {
            registered = InstanceDiff.Registered.of(observed.fleet().registrations());
        } catch (LabException e) {
            return;   // the fleet did not answer: the fleet observer journals why
        }
        Instant deadline = clock.instant().plus(BUDGET);
        for (NodeSample node : shortNodes) {
            NacosApi api = observed.cluster().api(node.node());
            try {
                InstanceDiff diff = InstanceDiff.of(registered, api.services(), api::instances,
                        () -> clock.instant().isBefore(deadline));
                ledger(node.node()).diff(diff, expected, node.instances(), clock.instant()).ifPresent(journal::append);
            } catch (NacosApi.NacosApiException e) {
                // the node stopped answering mid-diff: no word of it this time
            }
        }
    }

    /** Rounds from one diff to the next at {@code expected} providers: 1 up to 3000, 5 at 14000. */
    static int roundsBetweenDiffs(int expected) {
        return Math.max(1, (expected + PROVIDERS_PER_ROUND - 1) / PROVIDERS_PER_ROUND);
    }

    private MissingLedger ledger(int node) {
        return ledgers.computeIfAbsent(node, MissingLedger::new);
    }
}
