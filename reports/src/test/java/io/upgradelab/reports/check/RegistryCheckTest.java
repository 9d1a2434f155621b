package io.upgradelab.reports.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.Line;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.journal.registry.InstanceOp;
import io.upgradelab.journal.registry.Push;
import io.upgradelab.journal.registry.RegistryLog;
import io.upgradelab.journal.registry.RegistryLogStarted;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checker against recorded registry logs with planted violations: written through the fleet's own
 * writer and read back, each promise broken once beside look-alikes that keep it.
 */
class RegistryCheckTest {

    private static final String A = "providers:org.upgradelab.demo.LoadService000::";
    private static final String B = "providers:org.upgradelab.demo.LoadService001::";
    private static final Instant T0 = Instant.parse("2026-11-29T20:00:00Z");

    @TempDir
    Path dir;

    private RegistryLog.Writer writer;
    private Path file;

    private Instant at(double seconds) {
        return T0.plusMillis(Math.round(seconds * 1000));
    }

    private void open() throws Exception {
        file = dir.resolve(RegistryLog.NAME);
        writer = RegistryLog.Writer.create(file, new RegistryLogStarted(RegistryLog.FORMAT, List.of("127.0.0.1:8848"),
                List.of(A, B)));
    }

    private void op(double seconds, InstanceOp.Op op, String service, int port, double requested) {
        writer.append(new InstanceOp(op, service, "127.0.0.1:" + port, port - 30000, "1.4.1", at(requested)), at(seconds));
    }

    private void push(double seconds, String service, int... ports) {
        writer.append(new Push("subscriber 2.5.1", "2.5.1", service,
                java.util.Arrays.stream(ports).mapToObj(p -> "127.0.0.1:" + p).toList(), 0), at(seconds));
    }

    private RegistryCheck.Result check(List<Line<MissingInstances>> nodes) {
        writer.close();
        RegistryLog log = RegistryLog.read(file);
        return RegistryCheck.check(new RegistryEvidence(Optional.of(log), nodes, log.end()), RegistryCheck.Bounds.DEFAULT);
    }

    @Test
    void anAcknowledgedInstanceMissingLongerThanTheBoundIsReportedWithItsTimeline() throws Exception {
        open();
        push(0, A);
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        op(1, InstanceOp.Op.registered, A, 30001, 0.9);
        push(1.5, A, 30000, 30001);
        push(10, A, 30001);                       // 30000 dropped behind the fleet's back
        push(12, A, 30000, 30001);                // a 1 s gap later: within the bound
        push(20, A, 30001);
        push(21, A, 30000, 30001);
        push(30, A, 30001);
        push(38.5, A, 30000, 30001);              // back after 8.5 s

        RegistryCheck.Result result = check(List.of());

        assertThat(result.of(Promise.ackedVisible)).singleElement().satisfies(v -> {
            assertThat(v.instance()).isEqualTo("127.0.0.1:30000");
            assertThat(v.where()).isEqualTo("subscriber 2.5.1");
            assertThat(v.client()).isEqualTo("client 0, 1.4.1");
            assertThat(v.from()).isEqualTo(at(30));
            assertThat(v.to()).isEqualTo(at(38.5));
            assertThat(v.timeline()).extracting(Violation.Step::what).containsExactly(
                    "registered by client 0, 1.4.1, acknowledged",
                    "subscriber 2.5.1 pushed 1 instance, without it",
                    "subscriber 2.5.1 pushed 2 instances, with it again");
            assertThat(v.headline(result.end())).isEqualTo("ackedVisible: " + A
                    + " 127.0.0.1:30000 (client 0, 1.4.1) missing from subscriber 2.5.1 for 8.5 s");
        });
        assertThat(result.violations()).hasSize(1);
        assertThat(result.coverage().thin()).isEmpty();
    }

    @Test
    void anInstanceNeverPushedAfterItsRegistrationIsMissingToTheEnd() throws Exception {
        open();
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        push(2, A);
        push(20, B);

        RegistryCheck.Result result = check(List.of());

        assertThat(result.of(Promise.ackedVisible)).singleElement().satisfies(v -> {
            assertThat(v.to()).isNull();
            assertThat(v.timeline().get(v.timeline().size() - 1).what())
                    .isEqualTo("still missing from subscriber 2.5.1 at the end of the evidence");
        });
    }

    @Test
    void aDeadInstanceStillServedPastTheBoundIsReportedUnlessItRegisteredAgain() throws Exception {
        open();
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        op(1, InstanceOp.Op.registered, A, 30001, 0.9);
        push(2, A, 30000, 30001);
        op(10, InstanceOp.Op.crashed, A, 30000, 10);          // never dropped: a violation
        op(10, InstanceOp.Op.deregistered, A, 30001, 9.8);    // dropped, and back, within the bound: none
        push(11, A, 30000);
        op(12, InstanceOp.Op.registered, A, 30001, 11.9);
        push(13, A, 30000, 30001);
        push(60, B);

        RegistryCheck.Result result = check(List.of());

        assertThat(result.of(Promise.deadGoneWithin)).singleElement().satisfies(v -> {
            assertThat(v.instance()).isEqualTo("127.0.0.1:30000");
            assertThat(v.from()).isEqualTo(at(10));
            assertThat(v.to()).isNull();
            assertThat(v.timeline()).extracting(Violation.Step::what).containsExactly(
                    "registered by client 0, 1.4.1, acknowledged",
                    "its client closed without deregistering (a crash)",
                    "subscriber 2.5.1 pushed 2 instances, with it: still its view 30.0 s after the death",
                    "still served to subscriber 2.5.1 at the end of the evidence");
        });
        assertThat(result.of(Promise.ackedVisible)).as("30001 was not live between its two lives").isEmpty();
    }

    @Test
    void anEmptyPushWhileInstancesLivedIsReportedButNotOneBeforeAnyRegistered() throws Exception {
        open();
        push(0, A);                                            // nothing registered yet: fine
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        push(2, A, 30000);
        push(20, A);                                           // empty, 19 s after the registration
        push(20.5, A, 30000);

        RegistryCheck.Result result = check(List.of());

        assertThat(result.of(Promise.noEmptyPush)).singleElement().satisfies(v -> {
            assertThat(v.from()).isEqualTo(at(20));
            assertThat(v.to()).isEqualTo(at(20.5));
            assertThat(v.timeline()).extracting(Violation.Step::what).containsExactly(
                    "127.0.0.1:30000 registered by client 0, 1.4.1, acknowledged: one of 1 instance live at the empty push",
                    "subscriber 2.5.1 pushed 1 instance",
                    "subscriber 2.5.1 pushed an empty list",
                    "subscriber 2.5.1 pushed 1 instance");
        });
        assertThat(result.of(Promise.ackedVisible)).as("a gap of 0.5 s").isEmpty();
    }

    @Test
    void aNodeThatMissedALiveInstanceAcrossDiffsIsReported() throws Exception {
        open();
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        op(1, InstanceOp.Op.registered, A, 30001, 0.9);
        push(2, A, 30000, 30001);
        push(40, B);
        MissingInstances.Instance missing = new MissingInstances.Instance(A, 1, 30001, at(5));
        List<Line<MissingInstances>> nodes = List.of(
                line(at(10), new MissingInstances(2, 2, 1, 1, List.of(), List.of(missing), true)),
                line(at(25), new MissingInstances(2, 2, 2, 0, List.of(), List.of(), true)),
                line(at(26), new MissingInstances(3, 2, 1, 1, List.of(), List.of(
                        new MissingInstances.Instance(A, 1, 30001, at(24))), true)),
                line(at(27), new MissingInstances(3, 2, 2, 0, List.of(), List.of(), true)));

        RegistryCheck.Result result = check(nodes);

        assertThat(result.of(Promise.ackedVisible)).singleElement().satisfies(v -> {
            assertThat(v.where()).isEqualTo("node 2");
            assertThat(v.instance()).isEqualTo("127.0.0.1:30001");
            assertThat(v.from()).isEqualTo(at(5));
            assertThat(v.to()).isEqualTo(at(25));
        });
    }

    @Test
    void evidenceWithoutALogOrWithoutPushesIsTooThinToCheck() throws Exception {
        RegistryCheck.Result none = RegistryCheck.check(new RegistryEvidence(Optional.empty(), List.of(), T0),
                RegistryCheck.Bounds.DEFAULT);
        assertThat(none.coverage().thin()).hasValueSatisfying(why -> assertThat(why).contains("no registry log"));

        open();
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        RegistryCheck.Result noPush = check(List.of());
        assertThat(noPush.coverage().thin()).hasValueSatisfying(why -> assertThat(why).contains("no subscriber"));
        assertThat(noPush.violations()).isEmpty();
    }

    @Test
    void tighterBoundsFindMore() throws Exception {
        open();
        op(1, InstanceOp.Op.registered, A, 30000, 0.9);
        push(2, A, 30000);
        push(10, A);
        push(12, A, 30000);
        writer.close();
        RegistryLog log = RegistryLog.read(file);
        RegistryEvidence evidence = new RegistryEvidence(Optional.of(log), List.of(), log.end());

        assertThat(RegistryCheck.check(evidence, RegistryCheck.Bounds.DEFAULT).of(Promise.ackedVisible)).isEmpty();
        assertThat(RegistryCheck.check(evidence, new RegistryCheck.Bounds(Duration.ofSeconds(1), Duration.ofSeconds(30)))
                .of(Promise.ackedVisible)).hasSize(1);
    }

    private static Line<MissingInstances> line(Instant time, MissingInstances body) {
        return new Line<>("missingInstances", time, 0, 1, body, 0);
    }
}
