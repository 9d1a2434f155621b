package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The addresses an experiment names: loopback ones anywhere, remote ones only with the file's
 * opt-in, each refusal at its line; and what plan and run print of them.
 */
class ExperimentAddressesTest {

    private static final String HOSTS = """
            name: hosts
            target:
              version: 2.0.4
              local: {nodeAddresses: [127.0.0.11, 127.0.0.12, 127.0.0.13]}
            fleet:
              address: 127.0.0.21
            probe:
              address: 127.0.0.31
              demoAddress: 127.0.0.32
            phases:
              - {kind: rampTo, providers: 100}
              - {kind: fault, fault: partition, node: 3, from: peers, for: 30s}
              - {kind: fault, fault: loss, node: 1, percent: 30, from: clients, for: 20s}
            """;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");

    @Test
    void nodesAtAddressesOfTheirOwnCountAsManyNodesAndAllowFaultsBetweenPeersOrClients() {
        Experiment experiment = files.load(HOSTS).experiment();
        assertThat(experiment.target().nodes()).isEqualTo(3);
        assertThat(ExperimentAddresses.of(experiment)).extracting(ExperimentAddresses.Named::toString).containsExactly(
                "node 1 127.0.0.11 (/target/local/nodeAddresses/0)", "node 2 127.0.0.12 (/target/local/nodeAddresses/1)",
                "node 3 127.0.0.13 (/target/local/nodeAddresses/2)", "the fleet 127.0.0.21 (/fleet/address)",
                "the probe 127.0.0.31 (/probe/address)", "the demo providers 127.0.0.32 (/probe/demoAddress)");
        assertThat(ExperimentAddresses.lines(experiment)).singleElement().asString()
                .startsWith("addresses: node 1 127.0.0.11, node 2 127.0.0.12");
    }

    @Test
    void everyProcessOn127001SaysNothing() {
        Experiment experiment = files.load("""
                name: plain
                target: {version: 2.0.4}
                phases: [{kind: rampTo, providers: 100}]
                """).experiment();
        assertThat(ExperimentAddresses.lines(experiment)).isEmpty();
    }

    @Test
    void aRemoteAddressWithoutTheOptInIsRefusedAtItsLine() {
        assertThat(files.errors(HOSTS.replace("address: 127.0.0.21", "address: 10.20.30.40")))
                .containsExactly(files.file() + ":6: fleet.address: 10.20.30.40 is not on loopback (127.0.0.0/8): the lab"
                        + " dials, binds and registers addresses off this machine only when the file says so"
                        + " (target.allowRemote: true)");
        assertThat(files.errors("""
                name: external
                target:
                  backend: external
                  version: 2.0.4
                  external:
                    addresses: [127.0.0.1:8848, nacos-2.staging:8848]
                phases: [{kind: hold, for: 1m}]
                """)).singleElement().asString().startsWith(files.file() + ":6: target.external.address 2: nacos-2.staging"
                + " is not on loopback");
    }

    @Test
    void withTheOptInARemoteAddressIsValidAndPrintedAsARemoteTarget() {
        Experiment experiment = files.load(HOSTS.replace("address: 127.0.0.21", "address: 10.20.30.40")
                .replace("  version: 2.0.4\n", "  version: 2.0.4\n  allowRemote: true\n")).experiment();
        assertThat(ExperimentAddresses.lines(experiment)).last().asString().isEqualTo(
                "REMOTE targets, off this machine's loopback (target.allowRemote): the fleet 10.20.30.40 (/fleet/address)");
    }

    @Test
    void nodeAddressesAreOnePerNodeEachOnceAndNotAnIpv4IsAnError() {
        assertThat(files.errors(HOSTS.replace("[127.0.0.11, 127.0.0.12, 127.0.0.13]", "[127.0.0.11, 127.0.0.11, 127.0.0.13]")))
                .singleElement().asString().contains("target.local.nodeAddress 2: 127.0.0.11 is already node 1's");
        assertThat(files.errors(HOSTS.replace("  local:", "  nodes: 5\n  local:")))
                .anySatisfy(e -> assertThat(e).contains("target.local.nodeAddresses: 3 addresses for 5 nodes"));
        assertThat(files.errors(HOSTS.replace("address: 127.0.0.31", "address: probe-host")))
                .anySatisfy(e -> assertThat(e).contains(":8: probe.address: must be an IPv4 address such as 127.0.0.11"));
    }

    @Test
    void aFaultBetweenANodeAndItsPeersNeedsNodesAtAddressesOfTheirOwn() {
        String shared = HOSTS.replace("  local: {nodeAddresses: [127.0.0.11, 127.0.0.12, 127.0.0.13]}\n", "");
        assertThat(files.errors(shared)).hasSize(2).allSatisfy(e -> assertThat(e).contains(
                "from: backend local cannot disturb the network between a node and its peers, or its clients, alone"));
    }
}
