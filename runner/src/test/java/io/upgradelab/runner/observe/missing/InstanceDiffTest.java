package io.upgradelab.runner.observe.missing;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.journal.MissingInstances;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.nacos.ServiceSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The diff of what the fleet registered against what a node lists, and the lines it makes: at CI
 * size, 14 clients of 20 providers over 20 services (280 providers); a node that lost client 3.
 */
class InstanceDiffTest {

    private static final int SERVICES = 20;
    private static final int CLIENTS = 14;
    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

    private final FleetRegistrations fleet = fleet();
    private final InstanceDiff.Registered registered = InstanceDiff.Registered.of(fleet);
    private final List<String> listedServices = new ArrayList<>();

    @Test
    void aNodeThatLostOneClientMissesItsProviderInEveryServiceAndNothingElse() {
        InstanceDiff diff = InstanceDiff.of(registered, catalog(3), listing(3), () -> true);

        assertThat(diff.complete()).isTrue();
        assertThat(diff.absent()).hasSize(SERVICES).allSatisfy(a -> {
            assertThat(a.client()).isEqualTo(3);
            assertThat(a.port()).isEqualTo(30003);
        });
        assertThat(diff.absent()).extracting(InstanceDiff.Absent::service).doesNotHaveDuplicates();
    }

    @Test
    void aNodeShortInNoServiceIsNotListedAtAll() {
        InstanceDiff diff = InstanceDiff.of(registered, catalog(-1), listing(-1), () -> true);
        assertThat(diff.absent()).isEmpty();
        assertThat(diff.complete()).isTrue();
        assertThat(listedServices).as("only the catalog was asked").isEmpty();
    }

    @Test
    void outOfTimeTheDiffSaysItIsIncomplete() {
        int[] budget = {5};
        InstanceDiff diff = InstanceDiff.of(registered, catalog(3), listing(3), () -> budget[0]-- > 0);
        assertThat(listedServices).hasSize(5);
        assertThat(diff.absent()).hasSize(5);
        assertThat(diff.complete()).isFalse();
    }

    @Test
    void aProviderCountsAsMissingFromTheSecondDiffThatFindsIt() {
        MissingLedger ledger = new MissingLedger(2);
        InstanceDiff lost = InstanceDiff.of(registered, catalog(3), listing(3), () -> true);

        assertThat(ledger.diff(lost, 282, 262, T0)).as("once may be a registration on its way").isEmpty();
        MissingInstances line = ledger.diff(lost, 282, 262, T0.plusSeconds(5)).orElseThrow();

        assertThat(line.node()).isEqualTo(2);
        assertThat(line.missing()).isEqualTo(SERVICES);
        assertThat(line.expected()).isEqualTo(282);
        assertThat(line.listed()).isEqualTo(262);
        assertThat(line.clients()).singleElement().isEqualTo(new MissingInstances.Client(3, 30003, SERVICES, T0));
        assertThat(line.instances()).hasSize(SERVICES).allSatisfy(i -> assertThat(i.since()).isEqualTo(T0));
        assertThat(line.describe()).isEqualTo("node 2 misses 20 registered providers (262 listed, 282 expected):"
                + " client 3 (port 30003) 20 since 2026-11-24T10:00:00Z");

        assertThat(ledger.diff(lost, 282, 262, T0.plusSeconds(10))).as("nothing changed").isEmpty();
        assertThat(ledger.whole(282, 282)).hasValueSatisfying(whole -> {
            assertThat(whole.missing()).isZero();
            assertThat(whole.describe()).isEqualTo("node 2 misses no registered provider any more (282 listed,"
                    + " 282 expected)");
        });
        assertThat(ledger.whole(282, 282)).as("said once").isEmpty();
    }

    @Test
    void aLineNamesAtMostTwentyClientsAndTwentyInstancesButCountsThemAll() {
        MissingLedger ledger = new MissingLedger(1);
        InstanceDiff all = InstanceDiff.of(registered, List.of(), service -> List.of(), () -> true);
        ledger.diff(all, 282, 2, T0);
        MissingInstances line = ledger.diff(all, 282, 2, T0.plusSeconds(5)).orElseThrow();
        assertThat(line.missing()).isEqualTo(CLIENTS * SERVICES);
        assertThat(line.clients()).hasSize(CLIENTS);
        assertThat(line.instances()).hasSize(MissingInstances.MOST_NAMED);
    }

    @Test
    void diffsAreSpacedByTheProvidersExpected() {
        assertThat(MissingInstanceDiff.roundsBetweenDiffs(282)).isEqualTo(1);
        assertThat(MissingInstanceDiff.roundsBetweenDiffs(3000)).isEqualTo(1);
        assertThat(MissingInstanceDiff.roundsBetweenDiffs(14002)).isEqualTo(5);
    }

    /** 14 clients, each with one provider in each of the 20 services, on ports 30000 on. */
    private static FleetRegistrations fleet() {
        List<String> services = IntStream.range(0, SERVICES)
                .mapToObj(s -> String.format("providers:org.upgradelab.demo.LoadService%03d::", s)).toList();
        List<FleetRegistrations.Client> clients = IntStream.range(0, CLIENTS).mapToObj(c -> new FleetRegistrations.Client(
                c, "127.0.0.1", 30000 + c, "1.4.1", IntStream.range(0, SERVICES).boxed().toList())).toList();
        return new FleetRegistrations(services, clients);
    }

    /** The node's catalog: every service with all clients but {@code lost} (-1: none lost), and the demo service. */
    private List<ServiceSummary> catalog(int lost) {
        List<ServiceSummary> catalog = new ArrayList<>(fleet.services().stream().map(s -> new ServiceSummary(s,
                "DEFAULT_GROUP", lost < 0 ? CLIENTS : CLIENTS - 1, CLIENTS)).toList());
        catalog.add(new ServiceSummary("providers:org.upgradelab.demo.DemoService::", "DEFAULT_GROUP", 2, 2));
        return catalog;
    }

    /** A service's instances on the node: every client but {@code lost}; each listing noted. */
    private Function<String, List<RegisteredInstance>> listing(int lost) {
        return service -> {
            listedServices.add(service);
            return IntStream.range(0, CLIENTS).filter(c -> c != lost)
                    .mapToObj(c -> new RegisteredInstance("127.0.0.1", 30000 + c, true, Map.of())).toList();
        };
    }
}
