package io.upgradelab.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListeningSocketsTest {

    // Lines as the kernel prints them (header, a listener on 127.0.0.1:8848, a listener on
    // 0.0.0.0:9848, an established connection that must be ignored).
    private static final List<String> TCP = List.of(
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:2290 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 10 0",
            "   1: 00000000:2680 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 222 1 0 100 0 0 10 0",
            "   2: 0100007F:2290 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 333 1 0 20 4 30 10 -1");
    // IPv6: ::ffff:127.0.0.1 port 8848 and :: port 7848.
    private static final List<String> TCP6 = List.of(
            "  sl  local_address                         remote_address                        st ...",
            "   0: 0000000000000000FFFF00000100007F:2290 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 444 1 0 100 0 0 10 0",
            "   1: 00000000000000000000000000000000:1EA8 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 555 1 0 100 0 0 10 0");

    @Test
    void parsesListenersWithAddressPortAndInode() throws IOException {
        List<ListeningSockets.Socket> v4 = ListeningSockets.parse(TCP);
        assertThat(v4).hasSize(2);
        assertThat(v4.get(0).address()).isEqualTo(InetAddress.getByName("127.0.0.1"));
        assertThat(v4.get(0).port()).isEqualTo(8848);
        assertThat(v4.get(0).inode()).isEqualTo(111);
        assertThat(v4.get(0).isLoopback()).isTrue();
        assertThat(v4.get(1).port()).isEqualTo(9856);
        assertThat(v4.get(1).isLoopback()).isFalse();
    }

    @Test
    void anIpv4MappedLoopbackInAnIpv6SocketIsLoopbackAndTheWildcardIsNot() {
        List<ListeningSockets.Socket> v6 = ListeningSockets.parse(TCP6);
        assertThat(v6).extracting(ListeningSockets.Socket::port).containsExactly(8848, 7848);
        assertThat(v6.get(0).isLoopback()).isTrue();
        assertThat(v6.get(1).isLoopback()).isFalse();
    }

    @Test
    void seesALiveListenerAndItsOwner() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ListeningSockets sockets = ListeningSockets.read();
            assertThat(sockets.isTaken(server.getLocalPort())).isTrue();
            assertThat(sockets.ownedBy(ProcessHandle.current().pid()))
                    .anySatisfy(s -> {
                        assertThat(s.port()).isEqualTo(server.getLocalPort());
                        assertThat(s.isLoopback()).isTrue();
                    });
        }
    }
}
