package io.upgradelab.runner.backend.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The iptables commands, without running them (no root needed): what a partition, a loss, ports
 * and exceptions become, and how leftovers are recognised in a listing. LoopbackFirewallRealTest
 * runs them.
 */
class LoopbackFirewallTest {

    private static final String CHAIN = "UPGRADE-LAB-4242";

    @Test
    void aPartitionOfAnAddressPairDropsBothWaysOfEveryProtocol() {
        assertThat(commands(PacketMatch.between("127.0.0.7", "127.0.0.8"), 100, List.of())).containsExactly(
                "-w -F UPGRADE-LAB-4242",
                "-w -A UPGRADE-LAB-4242 -s 127.0.0.7 -d 127.0.0.8 -j DROP",
                "-w -A UPGRADE-LAB-4242 -s 127.0.0.8 -d 127.0.0.7 -j DROP");
    }

    @Test
    void aLossDropsEachPacketWithItsProbability() {
        assertThat(commands(List.of(PacketMatch.to("127.0.0.7")), 30, List.of())).containsExactly(
                "-w -F UPGRADE-LAB-4242",
                "-w -A UPGRADE-LAB-4242 -d 127.0.0.7 -m statistic --mode random --probability 0.3 -j DROP");
        assertThat(LoopbackFirewall.probability(12.5)).isEqualTo("0.125");
        assertThat(LoopbackFirewall.probability(33.3)).isEqualTo("0.333");
        assertThat(LoopbackFirewall.probability(1)).isEqualTo("0.01");
    }

    @Test
    void aPortNeedsAProtocolSoItIsOneRuleForTcpAndOneForUdp() {
        assertThat(commands(List.of(PacketMatch.toPort(8848), new PacketMatch("127.0.0.8", "127.0.0.7", 7000, 9848)),
                100, List.of())).containsExactly(
                "-w -F UPGRADE-LAB-4242",
                "-w -A UPGRADE-LAB-4242 -p tcp --dport 8848 -j DROP",
                "-w -A UPGRADE-LAB-4242 -p udp --dport 8848 -j DROP",
                "-w -A UPGRADE-LAB-4242 -s 127.0.0.8 -d 127.0.0.7 -p tcp --sport 7000 --dport 9848 -j DROP",
                "-w -A UPGRADE-LAB-4242 -s 127.0.0.8 -d 127.0.0.7 -p udp --sport 7000 --dport 9848 -j DROP");
        assertThat(commands(List.of(PacketMatch.fromPort(53)), 100, List.of()).get(1))
                .isEqualTo("-w -A UPGRADE-LAB-4242 -p tcp --sport 53 -j DROP");
    }

    @Test
    void exceptionsComeFirstAsReturnRules() {
        assertThat(commands(List.of(PacketMatch.to("127.0.0.0/24")), 50,
                List.of(PacketMatch.from("127.0.0.9"), new PacketMatch(null, "127.0.0.7", null, 7848)))).containsExactly(
                "-w -F UPGRADE-LAB-4242",
                "-w -A UPGRADE-LAB-4242 -s 127.0.0.9 -j RETURN",
                "-w -A UPGRADE-LAB-4242 -d 127.0.0.7 -p tcp --dport 7848 -j RETURN",
                "-w -A UPGRADE-LAB-4242 -d 127.0.0.7 -p udp --dport 7848 -j RETURN",
                "-w -A UPGRADE-LAB-4242 -d 127.0.0.0/24 -m statistic --mode random --probability 0.5 -j DROP");
    }

    @Test
    void aShareOutsideZeroToHundredOrNoMatchIsRefused() {
        List<PacketMatch> some = List.of(PacketMatch.to("127.0.0.7"));
        assertThatThrownBy(() -> LoopbackFirewall.dropCommands(CHAIN, some, 0, List.of()))
                .hasMessageContaining("above 0 and at most 100");
        assertThatThrownBy(() -> LoopbackFirewall.dropCommands(CHAIN, some, 100.5, List.of()))
                .hasMessageContaining("above 0 and at most 100");
        assertThatThrownBy(() -> LoopbackFirewall.dropCommands(CHAIN, some, Double.NaN, List.of()))
                .hasMessageContaining("above 0 and at most 100");
        assertThatThrownBy(() -> LoopbackFirewall.dropCommands(CHAIN, List.of(), 100, List.of()))
                .hasMessageContaining("no match");
    }

    @Test
    void aMatchNamesOnlyLoopbackAddressesAndRealPortsAndIsNeverEmpty() {
        assertThatThrownBy(() -> PacketMatch.to("10.0.0.7")).hasMessageContaining("'10.0.0.7' is not an IPv4 loopback");
        assertThatThrownBy(() -> PacketMatch.to("127.0.0.256")).hasMessageContaining("not an IPv4 loopback");
        assertThatThrownBy(() -> PacketMatch.to("127.0.0.0/7")).hasMessageContaining("not an IPv4 loopback");
        assertThatThrownBy(() -> PacketMatch.from("-j ACCEPT")).hasMessageContaining("not an IPv4 loopback");
        assertThatThrownBy(() -> PacketMatch.from("::1")).hasMessageContaining("not an IPv4 loopback");
        assertThatThrownBy(() -> PacketMatch.toPort(0)).hasMessageContaining("not a port");
        assertThatThrownBy(() -> PacketMatch.fromPort(65_536)).hasMessageContaining("not a port");
        assertThatThrownBy(() -> new PacketMatch(null, null, null, null)).hasMessageContaining("every packet");
        assertThat(PacketMatch.to("127.255.0.1/32").destination()).isEqualTo("127.255.0.1/32");
    }

    @Test
    void leftoversAreTheLabChainsOfDeadOwnersNeverThisJvmsNorOthers() {
        long self = ProcessHandle.current().pid();
        List<String> listing = List.of("-P INPUT ACCEPT", "-N DOCKER", "-N UPGRADE-LAB-100", "-N UPGRADE-LAB-200",
                "-N UPGRADE-LAB-" + self, "-N UPGRADE-LAB-x1", "-N MY-UPGRADE-LAB-300",
                "-A INPUT -i lo -j UPGRADE-LAB-100", "-A DOCKER -j UPGRADE-LAB-300");

        assertThat(LoopbackFirewall.leftoverChains(listing, pid -> pid == 200)).containsExactly("UPGRADE-LAB-100");
        assertThat(LoopbackFirewall.leftoverChains(listing, pid -> false))
                .containsExactly("UPGRADE-LAB-100", "UPGRADE-LAB-200");
    }

    @Test
    void aChainIsRemovedWithEveryJumpToItThenFlushedThenDeleted() {
        List<String> listing = List.of("-P INPUT ACCEPT", "-N UPGRADE-LAB-100", "-N UPGRADE-LAB-1000",
                "-A INPUT -i lo -j UPGRADE-LAB-100", "-A INPUT -i lo -j UPGRADE-LAB-1000",
                "-A INPUT -s 127.0.0.5/32 -j UPGRADE-LAB-100", "-A UPGRADE-LAB-100 -d 127.0.0.7/32 -j DROP",
                "-A INPUT -j ACCEPT");

        assertThat(LoopbackFirewall.removeCommands("UPGRADE-LAB-100", listing)).map(c -> String.join(" ", c))
                .containsExactly(
                        "-w -D INPUT -i lo -j UPGRADE-LAB-100",
                        "-w -D INPUT -s 127.0.0.5/32 -j UPGRADE-LAB-100",
                        "-w -F UPGRADE-LAB-100",
                        "-w -X UPGRADE-LAB-100");
        assertThat(LoopbackFirewall.removeCommands("UPGRADE-LAB-7", listing)).as("a chain that is not there").isEmpty();
    }

    @Test
    void droppedPacketsAreTheDropRulesCountsNotTheReturnRules() {
        String listing = """
                Chain UPGRADE-LAB-100 (1 references)
                    pkts      bytes target     prot opt in     out     source               destination
                      12      720 RETURN     0    --  *      *       127.0.0.11           127.0.0.12
                     340    20400 DROP       0    --  *      *       0.0.0.0/0            127.0.0.11
                       5      300 DROP       0    --  *      *       127.0.0.11           0.0.0.0/0
                """;
        assertThat(LoopbackFirewall.droppedPackets(listing)).isEqualTo(345);
        assertThat(LoopbackFirewall.droppedPackets("Chain UPGRADE-LAB-100 (1 references)\n")).isZero();
    }

    private static List<String> commands(List<PacketMatch> matches, double percent, List<PacketMatch> exceptions) {
        List<String> joined = new ArrayList<>();
        LoopbackFirewall.dropCommands(CHAIN, matches, percent, exceptions).forEach(c -> joined.add(String.join(" ", c)));
        return joined;
    }
}
