package io.upgradelab.runner.backend.kubernetes;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.function.UnaryOperator;
import javax.net.ServerSocketFactory;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockWebServer;

/**
 * The mock API server the Kubernetes tests drive, answering without Nagle's delay: on loopback its
 * small writes otherwise wait for the client's delayed ACK, about 40 ms a request, which made those
 * tests take half a minute.
 */
final class MockApiServers {

    private MockApiServers() {
    }

    /**
     * fabric8's mock API server in CRUD mode (what {@code @EnableKubernetesMockClient(crud = true)}
     * starts), with expectations too, started; {@code around} may wrap its dispatcher, to record.
     */
    static KubernetesMockServer crud(UnaryOperator<Dispatcher> around) {
        Map<ServerRequest, Queue<ServerResponse>> responses = new HashMap<>();
        KubernetesMockServer server = new KubernetesMockServer(new Context(Serialization.jsonMapper()), withoutNagle(),
                responses, around.apply(new KubernetesMixedDispatcher(responses)), false);
        server.init();
        return server;
    }

    private static MockWebServer withoutNagle() {
        MockWebServer server = new MockWebServer();
        server.setServerSocketFactory(new ServerSocketFactory() {
            @Override
            public ServerSocket createServerSocket() throws IOException {
                return new NoDelay();
            }

            @Override
            public ServerSocket createServerSocket(int port) throws IOException {
                return bound(new NoDelay(), port, 50, null);
            }

            @Override
            public ServerSocket createServerSocket(int port, int backlog) throws IOException {
                return bound(new NoDelay(), port, backlog, null);
            }

            @Override
            public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
                return bound(new NoDelay(), port, backlog, address);
            }
        });
        return server;
    }

    private static ServerSocket bound(ServerSocket socket, int port, int backlog, InetAddress address)
            throws IOException {
        socket.bind(new java.net.InetSocketAddress(address, port), backlog);
        return socket;
    }

    /** A server socket whose accepted connections send each write at once. */
    private static final class NoDelay extends ServerSocket {

        NoDelay() throws IOException {
        }

        @Override
        public Socket accept() throws IOException {
            Socket socket = super.accept();
            socket.setTcpNoDelay(true);
            return socket;
        }
    }
}
