package io.upgradelab.naming;

import java.util.function.Consumer;

/**
 * One real Nacos config service of one client version, as an application reading its configuration
 * holds one. Every version sits behind this interface, so the lab listens with any of them from one
 * class, whatever package the shading moved each version's API to.
 */
public interface ConfigClient {

    /** The config's content now, or null when the server has none; throws when the servers do not answer. */
    String read(String dataId, String group, long timeoutMillis) throws Exception;

    /**
     * Keeps a listener on the config: {@code onChange} is told each new content (null: deleted) on the
     * client's own thread, by HTTP long polling (1.x) or a push over the client's gRPC connection (2.x).
     */
    void listen(String dataId, String group, Consumer<String> onChange) throws Exception;

    /**
     * Publishes {@code content} as the config, in the client's namespace, as an application that
     * writes its configuration does (over gRPC from 2.x on); false when the server refused it.
     */
    boolean publish(String dataId, String group, String content) throws Exception;

    /** Removes the config from the client's namespace; false when the server refused it. */
    boolean remove(String dataId, String group) throws Exception;

    /** Closes the client; its listeners hear nothing more. */
    void shutDown() throws Exception;
}
