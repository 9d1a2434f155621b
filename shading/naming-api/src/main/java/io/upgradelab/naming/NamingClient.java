package io.upgradelab.naming;

/**
 * One real Nacos naming client, as one Dubbo provider process holds one.
 *
 * <p>Every client version sits behind this interface, so the fleet replaces one with another in a
 * rolling client upgrade without knowing any of their (relocated) APIs.
 */
public interface NamingClient {

    /** Registers an ephemeral instance; throws on failure. */
    void register(Registration registration) throws Exception;

    /** Deregisters an instance, as a provider shutting down cleanly does; throws on failure. */
    void deregister(Registration registration) throws Exception;

    /**
     * How many instances the servers list for a service now, asked of them every time
     * ({@code getAllInstances(service, subscribe=false)}, as Nacos's own naming benchmark queries), so
     * the client's cache is not what is measured; throws on failure.
     */
    default int query(String serviceName) throws Exception {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not query");
    }

    /**
     * Subscribes to a service as a Dubbo consumer does: {@code onPush} is told every instance list the
     * client's listener receives (a 2.x server's push, or what a 1.x client's update or UDP push brought),
     * on the client's own thread; throws on failure.
     */
    default void subscribe(String serviceName, java.util.function.Consumer<java.util.List<PushedInstance>> onPush)
            throws Exception {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not subscribe");
    }

    /**
     * Sends one beat for an instance this client registered, as a 1.x client's beat thread does (the
     * client's own request, not a copy of it); throws on failure, and UnsupportedOperationException
     * for a client that keeps its instances alive by its connection (2.x).
     */
    default void heartbeat(Registration registration) throws Exception {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " sends no beats of its own");
    }

    /**
     * Closes the client without deregistering anything, as a crashed process does: 1.x beats stop
     * (the server expires the instances after 15 s and 30 s), a 2.x connection closes.
     */
    void shutDown() throws Exception;
}
