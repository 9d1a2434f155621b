package io.upgradelab.runner.experiment;

import java.time.Duration;
import org.upgradelab.demo.LabAddress;

/**
 * The consumer probe and the demo service it calls.
 *
 * @param rate          calls per second, scheduled by the clock
 * @param client        the probe's nacos-client version ({@code 1x}, i.e. 1.4.1 on Dubbo 2.7, works on both
 *                      server lines; a 2.x version runs on Dubbo 3); null when the file does not say
 * @param generation    the older name of {@code client}; null when the file does not use it
 * @param timeout       per-call timeout
 * @param demoProviders real Dubbo demo providers the probe calls; they are rolled with the fleet's client upgrade
 * @param address       the probe process's own address
 * @param demoAddress   the demo providers' address: they serve and register there
 */
public record ProbeSpec(double rate, String client, String generation, Duration timeout, int demoProviders,
                        String address, String demoAddress) {

    public ProbeSpec {
        rate = rate == 0 ? 100 : rate;
        timeout = timeout == null ? Duration.ofSeconds(3) : timeout;
        demoProviders = demoProviders == 0 ? 2 : demoProviders;
        address = address == null ? LabAddress.DEFAULT : address;
        demoAddress = demoAddress == null ? LabAddress.DEFAULT : demoAddress;
    }

    /** A probe and demo providers at 127.0.0.1. */
    public ProbeSpec(double rate, String client, String generation, Duration timeout, int demoProviders) {
        this(rate, client, generation, timeout, demoProviders, null, null);
    }

    /** The probe's client version, as the file names it; {@code 1x} when it does not. */
    public String clientVersion() {
        return ClientField.value(client, generation);
    }

    /** Where the file names it, for errors: {@code /probe/client} or {@code /probe/generation}. */
    public String clientPointer() {
        return "/probe/" + ClientField.name(client, generation);
    }
}
