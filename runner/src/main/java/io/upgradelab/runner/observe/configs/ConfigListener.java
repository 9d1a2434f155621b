package io.upgradelab.runner.observe.configs;

/**
 * A real nacos-client of one generation holding a listener on every config of the lab, telling the
 * {@link ConfigBook} what it read when it began and each callback since. One per generation: users
 * of both generations listen during an upgrade, and each generation is told of a change its own way
 * (1.x: HTTP long polling; 2.x: a push over its gRPC connection).
 */
interface ConfigListener extends AutoCloseable {

    /** Shuts the client down; its listeners hear nothing more. */
    @Override
    void close();
}
