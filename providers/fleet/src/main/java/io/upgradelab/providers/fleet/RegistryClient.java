package io.upgradelab.providers.fleet;

/**
 * One real Nacos client of one generation, as one Dubbo provider process holds one.
 *
 * <p>Both generations sit behind this interface so the fleet can replace one with the other during
 * a rolling client upgrade without knowing either API.
 */
public interface RegistryClient {

    /** Registers an ephemeral instance; throws on failure. */
    void register(Provider provider) throws Exception;

    /** Deregisters an instance, as a provider shutting down cleanly does; throws on failure. */
    void deregister(Provider provider) throws Exception;

    /**
     * Closes the client without deregistering anything, as a crashed process does: 1.x beats stop
     * (the server expires the instances after 15 s and 30 s), a 2.x connection closes.
     */
    void shutDown() throws Exception;
}
