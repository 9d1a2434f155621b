package org.upgradelab.demo;

/**
 * The service the probe calls through Dubbo throughout an experiment: if a consumer cannot reach
 * it, users of the registry would not reach theirs either.
 */
public interface DemoService {

    /** Answers with the caller's name and which provider answered (application, port, Dubbo version). */
    String sayHello(String name);
}
