package io.upgradelab.runner.experiment;

import java.time.Duration;

/**
 * The consumer probe and the demo service it calls.
 *
 * @param rate          calls per second, scheduled by the clock
 * @param generation    the probe's client generation ({@code 1x}: Dubbo 2.7 + nacos-client 1.x, works on both servers)
 * @param timeout       per-call timeout
 * @param demoProviders real Dubbo demo providers the probe calls; they are rolled with the fleet's client upgrade
 */
public record ProbeSpec(double rate, String generation, Duration timeout, int demoProviders) {

    public ProbeSpec {
        rate = rate == 0 ? 100 : rate;
        generation = generation == null ? "1x" : generation;
        timeout = timeout == null ? Duration.ofSeconds(3) : timeout;
        demoProviders = demoProviders == 0 ? 2 : demoProviders;
    }
}
