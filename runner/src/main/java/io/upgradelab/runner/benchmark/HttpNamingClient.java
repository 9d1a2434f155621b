package io.upgradelab.runner.benchmark;

import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.Registration;
import io.upgradelab.runner.nacos.NacosApi;

/**
 * A naming client that is Nacos's HTTP open API itself ({@code v1/ns/instance}), the benchmark's
 * {@code api: http}: what a non-Java client or the 1.x benchmark tools call, one node per client.
 */
final class HttpNamingClient implements NamingClient {

    private final NacosApi node;

    HttpNamingClient(NacosApi node) {
        this.node = node;
    }

    @Override
    public void register(Registration registration) {
        node.registerInstance(registration.serviceName(), registration.ip(), registration.port());
    }

    @Override
    public void deregister(Registration registration) {
        node.deregisterInstance(registration.serviceName(), NacosApi.DEFAULT_GROUP, registration.ip(),
                registration.port());
    }

    @Override
    public int query(String serviceName) {
        return node.instances(serviceName).size();
    }

    @Override
    public void heartbeat(Registration registration) {
        node.beat(registration.serviceName(), registration.ip(), registration.port());
    }

    @Override
    public void shutDown() {
        // nothing held: every call is a request of its own
    }
}
