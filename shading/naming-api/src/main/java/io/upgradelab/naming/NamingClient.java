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
     * Closes the client without deregistering anything, as a crashed process does: 1.x beats stop
     * (the server expires the instances after 15 s and 30 s), a 2.x connection closes.
     */
    void shutDown() throws Exception;
}
