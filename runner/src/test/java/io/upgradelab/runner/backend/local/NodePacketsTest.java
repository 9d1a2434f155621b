package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.runner.backend.NetworkDisturbance;
import io.upgradelab.runner.backend.NetworkDisturbance.Between;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The packets a loss or partition of one local node drops: by address pair on hosts, by port on one address. */
class NodePacketsTest {

    private static final LocalClusterSpec HOSTS = LocalClusterSpec.of("2.0.4", 3, Path.of("run"))
            .withNodeAddresses(List.of("127.0.0.11", "127.0.0.12", "127.0.0.13"));
    private static final LocalClusterSpec SHARED = LocalClusterSpec.of("2.0.4", 3, Path.of("run"));

    @Test
    void aPartitionFromPeersCutsEachPairBothWaysAndNothingElse() {
        NodePackets packets = NodePackets.of(HOSTS, 3, NetworkDisturbance.partition(Between.PEERS));
        assertThat(packets.dropped()).containsExactly(
                new PacketMatch("127.0.0.13", "127.0.0.11", null, null), new PacketMatch("127.0.0.11", "127.0.0.13", null, null),
                new PacketMatch("127.0.0.13", "127.0.0.12", null, null), new PacketMatch("127.0.0.12", "127.0.0.13", null, null));
        assertThat(packets.spared()).isEmpty();
    }

    @Test
    void fromClientsDropsEverythingToAndFromTheNodeButItsOwnAndItsPeersPackets() {
        NodePackets packets = NodePackets.of(HOSTS, 1, NetworkDisturbance.loss(30, Between.CLIENTS));
        assertThat(packets.dropped()).containsExactly(PacketMatch.to("127.0.0.11"), PacketMatch.from("127.0.0.11"));
        assertThat(packets.spared()).containsExactly(
                new PacketMatch("127.0.0.11", "127.0.0.11", null, null),
                new PacketMatch("127.0.0.11", "127.0.0.12", null, null), new PacketMatch("127.0.0.12", "127.0.0.11", null, null),
                new PacketMatch("127.0.0.11", "127.0.0.13", null, null), new PacketMatch("127.0.0.13", "127.0.0.11", null, null));
    }

    @Test
    void withEveryoneALossDropsWhatIsSentToTheNodeAndAPartitionAlsoWhatItSends() {
        assertThat(NodePackets.of(HOSTS, 2, NetworkDisturbance.loss(10)).dropped())
                .containsExactly(PacketMatch.to("127.0.0.12"));
        assertThat(NodePackets.of(HOSTS, 2, NetworkDisturbance.partition()).dropped())
                .containsExactly(PacketMatch.to("127.0.0.12"), PacketMatch.from("127.0.0.12"));
    }

    @Test
    void onOneAddressPortsTellTheNodesApartAndPeersFromClientsCannotBe() {
        NodePorts node2 = SHARED.portsOf(2);
        assertThat(NodePackets.of(SHARED, 2, NetworkDisturbance.loss(10)).dropped())
                .containsExactly(PacketMatch.toPort(node2.http()), PacketMatch.toPort(node2.grpcClient()));
        assertThat(NodePackets.of(SHARED, 2, NetworkDisturbance.partition()).dropped()).hasSize(8)
                .contains(PacketMatch.toPort(node2.raft()), PacketMatch.fromPort(node2.grpcCluster()));
        assertThatThrownBy(() -> NodePackets.of(SHARED, 2, NetworkDisturbance.partition(Between.PEERS)))
                .hasMessageContaining("needs target.local.nodeAddresses");
    }
}
