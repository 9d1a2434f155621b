package io.upgradelab.runner.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.upgradelab.runner.LabException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Metrics served over HTTP ({@code /metrics}, in Prometheus's text and protobuf formats) on one
 * address, never the wildcard: the lab listens only where its experiment says it runs, loopback
 * unless the file allows remote addresses. Prometheus's own exporter server does the serving; this
 * only picks where and says where.
 */
public final class MetricsServer implements AutoCloseable {

    private final HTTPServer server;
    private final URI url;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MetricsServer(HTTPServer server, URI url) {
        this.server = server;
        this.url = url;
    }

    /**
     * Serves {@code registry} on {@code address} (an IPv4 literal) at {@code port} (0: a free one the
     * kernel picks); a port already taken is a {@link LabException} saying so.
     */
    public static MetricsServer start(PrometheusRegistry registry, String address, int port) {
        InetAddress bind = literal(address);
        try {
            HTTPServer server = HTTPServer.builder().inetAddress(bind).port(port).registry(registry).buildAndStart();
            return new MetricsServer(server, URI.create("http://" + address + ":" + server.getPort() + "/metrics"));
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot serve the live metrics on " + address + ":" + port + ": "
                    + e.getMessage() + " (choose another port: metrics.port in the file, or run --metrics-port)");
        }
    }

    private static InetAddress literal(String address) {
        try {
            InetAddress bind = InetAddress.getByName(address);
            if (bind.isAnyLocalAddress()) {
                throw new IllegalArgumentException("the metrics listen on one address, never on every one (" + address + ")");
            }
            return bind;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(address + " is not an address", e);
        }
    }

    /** Where a scraper finds the metrics: {@code http://127.0.0.1:9464/metrics}. */
    public URI url() {
        return url;
    }

    /** Stops serving, once; a scrape in progress is cut short. */
    @Override
    public void close() {
        if (!closed.getAndSet(true)) {
            server.close();
        }
    }
}
