package io.upgradelab.reports.check;

import io.upgradelab.journal.Line;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.registry.InstanceOp;
import io.upgradelab.journal.registry.Push;
import io.upgradelab.journal.registry.RegistryLog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a run's {@link RegistryEvidence} against the registry's {@link Promise}s and says each
 * violation with its shortest timeline. The fleet's acknowledged operations make each instance's lives
 * (from its acknowledged registration to the moment its client asked to remove it, or crashed); each
 * subscriber's pushes make its view of a service over time (the last push until the next), and the
 * nodes' diffs say since when a node missed which providers. Then:
 * <ul>
 *   <li>{@link Promise#ackedVisible}: a live instance absent from a view for longer than
 *       {@link Bounds#visibleWithin()};</li>
 *   <li>{@link Promise#deadGoneWithin}: a view still listing an instance {@link Bounds#goneWithin()} after
 *       it died (deregistered, left to expire, or crashed), unless it registered again meanwhile;</li>
 *   <li>{@link Promise#noEmptyPush}: an empty push while an instance of the service had been live for
 *       {@link Bounds#visibleWithin()}.</li>
 * </ul>
 * What the evidence does not reach is not judged: a subscriber is judged from its first push, and a
 * death too close to the end of the evidence to have passed its bound is not.
 */
public final class RegistryCheck {

    /**
     * How long the registry may take.
     *
     * @param visibleWithin how long an acknowledged instance may be missing from a view (propagation, a
     *                      client moving to another node) before it counts as lost
     * @param goneWithin    how long a view may still list an instance after it died (a 1.x server
     *                      expires a silent one after 30 s)
     */
    public record Bounds(Duration visibleWithin, Duration goneWithin) {

        /** 5 s to be seen, 30 s to be gone (a 1.x server deletes an instance 30 s after its last beat). */
        public static final Bounds DEFAULT = new Bounds(Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    /**
     * How much the evidence covers: what a verdict on it stands on.
     *
     * @param logged      whether the run has a registry log at all
     * @param ops         the acknowledged operations in it
     * @param instances   the instances they concern
     * @param pushes      the pushes its subscribers received
     * @param subscribers the subscribers that received any
     * @param services    the services they follow
     * @param nodeLines   the journal's missing-instance lines
     */
    public record Coverage(boolean logged, int ops, int instances, int pushes, List<String> subscribers,
                           List<String> services, int nodeLines) {

        /** Why a promise cannot be judged on it; empty when it can. */
        public Optional<String> thin() {
            if (!logged) {
                return Optional.of("the run has no registry log (fleet/" + RegistryLog.NAME + "): its fleet recorded"
                        + " nothing the registry acknowledged");
            }
            if (ops == 0) {
                return Optional.of("the registry log holds no acknowledged operation");
            }
            if (pushes == 0) {
                return Optional.of("no subscriber was pushed anything: no view to check the operations against");
            }
            return Optional.empty();
        }

        /** "1520 acknowledged operations on 760 instances; 212 pushes to subscriber 1.4.1, subscriber 2.5.1 of 2 services; 3 node diffs". */
        public String describe() {
            return ops + " acknowledged operations on " + instances + " instances; " + pushes + " pushes to "
                    + (subscribers.isEmpty() ? "no subscriber" : String.join(", ", subscribers)) + " of "
                    + services.size() + " service" + (services.size() == 1 ? "" : "s") + "; " + nodeLines
                    + " node diff" + (nodeLines == 1 ? "" : "s");
        }
    }

    /**
     * The check's outcome.
     *
     * @param violations every violation, earliest first
     * @param coverage   what the evidence covers
     * @param bounds     the bounds it was checked with
     * @param end        when the evidence ends
     */
    public record Result(List<Violation> violations, Coverage coverage, Bounds bounds, Instant end) {

        /** The violations of {@code promise}. */
        public List<Violation> of(Promise promise) {
            return violations.stream().filter(v -> v.promise() == promise).toList();
        }
    }

    /** One life of an instance: from its acknowledged registration to when its client asked it gone. */
    private record Life(String service, String instance, String client, Instant from, Instant until, Instant dead,
                        InstanceOp.Op endedBy) {

        boolean liveAt(Instant t) {
            return !t.isBefore(from) && (until == null || t.isBefore(until));
        }
    }

    /** One push as a view: its line, and the instances it lists as a set, built once (every life asks it). */
    private record Seen(Line<Push> line, Set<String> listed) {

        Instant time() {
            return line.time();
        }

        Push body() {
            return line.body();
        }
    }

    private final RegistryEvidence evidence;
    private final Bounds bounds;
    private final Map<String, List<Life>> livesByService = new LinkedHashMap<>();
    /** By subscriber, then service: its pushes in time order. */
    private final Map<String, Map<String, List<Seen>>> views = new TreeMap<>();
    private final List<Violation> violations = new ArrayList<>();

    private RegistryCheck(RegistryEvidence evidence, Bounds bounds) {
        this.evidence = evidence;
        this.bounds = bounds;
    }

    /** Checks {@code evidence} with {@code bounds} against every promise. */
    public static Result check(RegistryEvidence evidence, Bounds bounds) {
        return check(evidence, bounds, EnumSet.allOf(Promise.class));
    }

    /** Checks {@code evidence} with {@code bounds} against {@code promises} only (a gate criterion checks one). */
    public static Result check(RegistryEvidence evidence, Bounds bounds, Set<Promise> promises) {
        RegistryCheck check = new RegistryCheck(evidence, bounds);
        evidence.log().ifPresent(check::read);
        check.views.forEach((subscriber, services) -> services.forEach((service, pushes) -> {
            if (promises.contains(Promise.ackedVisible)) {
                check.ackedVisible(subscriber, service, pushes);
            }
            if (promises.contains(Promise.deadGoneWithin)) {
                check.deadGone(subscriber, service, pushes);
            }
            if (promises.contains(Promise.noEmptyPush)) {
                check.emptyPushes(subscriber, service, pushes);
            }
        }));
        if (promises.contains(Promise.ackedVisible)) {
            check.nodes();
        }
        check.violations.sort(Comparator.comparing(Violation::from).thenComparing(Violation::where));
        return new Result(List.copyOf(check.violations), check.coverage(), bounds, evidence.end());
    }

    private void read(RegistryLog log) {
        Map<String, List<Line<InstanceOp>>> byInstance = new LinkedHashMap<>();
        log.ops().stream().sorted(Comparator.comparing(Line::time))
                .forEach(l -> byInstance.computeIfAbsent(l.body().service() + " " + l.body().instance(),
                        k -> new ArrayList<>()).add(l));
        byInstance.values().forEach(this::lives);
        log.pushes().stream().sorted(Comparator.comparing(Line::time)).forEach(p -> views
                .computeIfAbsent(p.body().subscriber(), s -> new TreeMap<>())
                .computeIfAbsent(p.body().service(), s -> new ArrayList<>()).add(new Seen(p, Set.copyOf(p.body().instances()))));
    }

    /** An instance's lives from its operations, in time order. */
    private void lives(List<Line<InstanceOp>> ops) {
        Line<InstanceOp> opened = null;
        for (Line<InstanceOp> line : ops) {
            InstanceOp op = line.body();
            if (op.op() == InstanceOp.Op.registered) {
                opened = opened == null ? line : opened;   // a second acknowledgement of a live instance changes nothing
            } else if (op.op() != InstanceOp.Op.unknown && opened != null) {
                Instant until = op.requested().isBefore(opened.time()) ? opened.time() : op.requested();
                add(life(opened, until, line.time(), op.op()));
                opened = null;
            }
        }
        if (opened != null) {
            add(life(opened, null, null, null));
        }
    }

    private static Life life(Line<InstanceOp> registered, Instant until, Instant dead, InstanceOp.Op endedBy) {
        InstanceOp op = registered.body();
        return new Life(op.service(), op.instance(), "client " + op.client() + ", " + op.clientVersion(),
                registered.time(), until, dead, endedBy);
    }

    private void add(Life life) {
        livesByService.computeIfAbsent(life.service(), s -> new ArrayList<>()).add(life);
    }

    private List<Life> lives(String service) {
        return livesByService.getOrDefault(service, List.of());
    }

    /** Each life of each instance against one subscriber's view of its service. */
    private void ackedVisible(String subscriber, String service, List<Seen> pushes) {
        Instant first = pushes.get(0).time();
        for (Life life : lives(service)) {
            Instant start = later(life.from(), first);
            Instant stop = life.until() == null ? evidence.end() : life.until();
            if (!start.isBefore(stop)) {
                continue;
            }
            int at = lastAtOrBefore(pushes, start);
            Instant absentSince = listed(pushes.get(at), life) ? null : start;
            Seen dropped = absentSince == null ? null : pushes.get(at);
            for (int j = at + 1; j < pushes.size() && !pushes.get(j).time().isAfter(stop); j++) {
                Seen push = pushes.get(j);
                boolean listed = listed(push, life);
                if (!listed && absentSince == null) {
                    absentSince = push.time();
                    dropped = push;
                } else if (listed && absentSince != null) {
                    missing(subscriber, life, absentSince, dropped, push, push.time());
                    absentSince = null;
                }
            }
            if (absentSince != null) {
                missing(subscriber, life, absentSince, dropped, null, life.until() == null ? null : stop);
            }
        }
    }

    private void missing(String subscriber, Life life, Instant since, Seen dropped, Seen restored,
                         Instant to) {
        if (!longer(since, to, bounds.visibleWithin())) {
            return;
        }
        List<Violation.Step> steps = new ArrayList<>();
        steps.add(registered(life));
        steps.add(new Violation.Step(since, dropped.time().equals(since)
                ? subscriber + " pushed " + count(dropped) + ", without it"
                : subscriber + "'s view (pushed " + dropped.time() + ", " + count(dropped) + ") did not list it"));
        nodeSteps(life, since, to).forEach(steps::add);
        if (restored != null) {
            steps.add(new Violation.Step(restored.time(), subscriber + " pushed " + count(restored) + ", with it again"));
        } else if (to != null) {
            steps.add(ended(life));
        } else {
            steps.add(new Violation.Step(evidence.end(), "still missing from " + subscriber + " at the end of the evidence"));
        }
        violations.add(new Violation(Promise.ackedVisible, life.service(), life.instance(), life.client(), subscriber,
                since, to, steps));
    }

    /** Each death against one subscriber's view: still listed once the bound passed, and not registered again. */
    private void deadGone(String subscriber, String service, List<Seen> pushes) {
        for (Life life : lives(service)) {
            if (life.dead() == null) {
                continue;
            }
            Instant deadline = life.dead().plus(bounds.goneWithin());
            Optional<Instant> back = lives(service).stream()
                    .filter(l -> l.instance().equals(life.instance()) && l.from().isAfter(life.dead()))
                    .map(Life::from).min(Comparator.naturalOrder());
            if (deadline.isAfter(evidence.end()) || pushes.get(0).time().isAfter(deadline)
                    || back.filter(b -> b.isBefore(deadline)).isPresent()) {
                continue;   // not reached by the evidence, or the subscriber did not exist yet, or it lives again
            }
            Seen still = pushes.get(lastAtOrBefore(pushes, deadline));
            if (!listed(still, life)) {
                continue;
            }
            Seen gone = null;
            for (Seen push : pushes) {
                if (push.time().isAfter(deadline) && !listed(push, life)) {
                    gone = push;
                    break;
                }
            }
            Instant to = earlier(gone == null ? null : gone.time(), back.orElse(null));
            List<Violation.Step> steps = new ArrayList<>(List.of(registered(life), ended(life),
                    new Violation.Step(still.time(), subscriber + " pushed " + count(still) + ", with it: still its view "
                            + seconds(bounds.goneWithin()) + " after the death")));
            if (to == null) {
                steps.add(new Violation.Step(evidence.end(), "still served to " + subscriber + " at the end of the evidence"));
            } else if (gone != null && gone.time().equals(to)) {
                steps.add(new Violation.Step(to, subscriber + " pushed " + count(gone) + ", without it at last"));
            } else {
                steps.add(new Violation.Step(to, "registered again"));
            }
            violations.add(new Violation(Promise.deadGoneWithin, service, life.instance(), life.client(), subscriber,
                    life.dead(), to, steps));
        }
    }

    /** Each empty push against the instances live, for the settle bound already, when it came. */
    private void emptyPushes(String subscriber, String service, List<Seen> pushes) {
        for (int i = 0; i < pushes.size(); i++) {
            Seen push = pushes.get(i);
            if (!push.body().instances().isEmpty()) {
                continue;
            }
            Instant settled = push.time().minus(bounds.visibleWithin());
            List<Life> live = lives(service).stream().filter(l -> l.liveAt(settled) && l.liveAt(push.time())).toList();
            if (live.isEmpty()) {
                continue;
            }
            List<Violation.Step> steps = new ArrayList<>();
            if (i > 0) {
                steps.add(new Violation.Step(pushes.get(i - 1).time(), subscriber + " pushed " + count(pushes.get(i - 1))));
            }
            Life oldest = live.stream().min(Comparator.comparing(Life::from)).orElseThrow();
            steps.add(new Violation.Step(oldest.from(), oldest.instance() + " registered by " + oldest.client()
                    + ", acknowledged: one of " + live.size() + " instance" + (live.size() == 1 ? "" : "s")
                    + " live at the empty push"));
            steps.add(new Violation.Step(push.time(), subscriber + " pushed an empty list"
                    + (push.body().others() > 0 ? " of callable instances (" + push.body().others()
                    + " unhealthy or disabled)" : "")));
            Seen next = pushes.stream().skip(i + 1L).filter(p -> !p.body().instances().isEmpty()).findFirst()
                    .orElse(null);
            steps.add(next == null ? new Violation.Step(evidence.end(), "no instance pushed again by the end")
                    : new Violation.Step(next.time(), subscriber + " pushed " + count(next)));
            violations.add(new Violation(Promise.noEmptyPush, service, "", "", subscriber, push.time(),
                    next == null ? null : next.time(), steps));
        }
    }

    /** The nodes' diffs: a provider a node missed for longer than the bound, while it was live. */
    private void nodes() {
        Map<Integer, List<Line<MissingInstances>>> byNode = new TreeMap<>();
        evidence.nodeViews().forEach(l -> byNode.computeIfAbsent(l.body().node(), n -> new ArrayList<>()).add(l));
        byNode.forEach((node, lines) -> {
            Map<String, MissingInstances.Instance> open = new LinkedHashMap<>();
            for (Line<MissingInstances> line : lines) {
                Map<String, MissingInstances.Instance> named = new HashMap<>();
                line.body().instances().forEach(i -> named.put(i.service() + " " + i.port(), i));
                for (var it = open.entrySet().iterator(); it.hasNext(); ) {
                    var entry = it.next();
                    if (!named.containsKey(entry.getKey())) {
                        nodeMissing(node, entry.getValue(), line.time());
                        it.remove();
                    }
                }
                named.forEach(open::putIfAbsent);
            }
            open.values().forEach(i -> nodeMissing(node, i, null));
        });
    }

    private void nodeMissing(int node, MissingInstances.Instance missing, Instant to) {
        Optional<Life> life = lives(missing.service()).stream()
                .filter(l -> l.instance().endsWith(":" + missing.port()) && l.liveAt(missing.since())).findFirst();
        if (life.isEmpty() || !longer(missing.since(), to, bounds.visibleWithin())) {
            return;
        }
        String where = "node " + node;
        violations.add(new Violation(Promise.ackedVisible, missing.service(), life.get().instance(), life.get().client(),
                where, missing.since(), to, List.of(registered(life.get()),
                        new Violation.Step(missing.since(), where + " did not list it (two diffs in a row)"),
                        to == null ? new Violation.Step(evidence.end(), "still missing on " + where + " at the end")
                                : new Violation.Step(to, where + " lists it again"))));
    }

    /** The nodes' diffs that found {@code life} missing between {@code from} and {@code to}: one step per node. */
    private List<Violation.Step> nodeSteps(Life life, Instant from, Instant to) {
        Map<Integer, Violation.Step> first = new TreeMap<>();
        for (Line<MissingInstances> line : evidence.nodeViews()) {
            if (line.time().isBefore(from) || (to != null && line.time().isAfter(to))) {
                continue;
            }
            line.body().instances().stream()
                    .filter(i -> i.service().equals(life.service()) && life.instance().endsWith(":" + i.port()))
                    .findFirst().ifPresent(i -> first.putIfAbsent(line.body().node(), new Violation.Step(line.time(),
                            "node " + line.body().node() + " did not list it either (since " + i.since() + ")")));
        }
        return first.values().stream().sorted(Comparator.comparing(Violation.Step::at)).toList();
    }

    private Coverage coverage() {
        Optional<RegistryLog> log = evidence.log();
        TreeSet<String> services = new TreeSet<>();
        views.values().forEach(s -> services.addAll(s.keySet()));
        return new Coverage(log.isPresent(), log.map(l -> l.ops().size()).orElse(0),
                livesByService.values().stream().mapToInt(l -> (int) l.stream().map(Life::instance).distinct().count())
                        .sum(),
                log.map(l -> l.pushes().size()).orElse(0), List.copyOf(views.keySet()), List.copyOf(services),
                evidence.nodeViews().size());
    }

    private static Violation.Step registered(Life life) {
        return new Violation.Step(life.from(), "registered by " + life.client() + ", acknowledged");
    }

    private static Violation.Step ended(Life life) {
        return switch (life.endedBy()) {
            case deregistered -> new Violation.Step(life.dead(), "deregistered by its client, acknowledged (asked "
                    + life.until() + ")");
            case leftToExpire -> new Violation.Step(life.dead(), "its deregistration was not confirmed: left to expire"
                    + " (asked " + life.until() + ")");
            case crashed -> new Violation.Step(life.dead(), "its client closed without deregistering (a crash)");
            default -> new Violation.Step(life.until(), "its life ended");
        };
    }

    private static boolean listed(Seen push, Life life) {
        return push.listed().contains(life.instance());
    }

    private static String count(Seen push) {
        int n = push.body().instances().size();
        return n + " instance" + (n == 1 ? "" : "s");
    }

    private boolean longer(Instant from, Instant to, Duration bound) {
        return Duration.between(from, to == null ? evidence.end() : to).compareTo(bound) > 0;
    }

    /** The index of the last push at or before {@code t}; 0 when none is (the first push is then the view). */
    private static int lastAtOrBefore(List<Seen> pushes, Instant t) {
        int at = 0;
        for (int i = 0; i < pushes.size() && !pushes.get(i).time().isAfter(t); i++) {
            at = i;
        }
        return at;
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant earlier(Instant a, Instant b) {
        return a == null ? b : b == null ? a : a.isBefore(b) ? a : b;
    }

    static String seconds(Duration d) {
        return Math.round(d.toMillis() / 100.0) / 10.0 + " s";
    }
}
