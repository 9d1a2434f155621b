package io.upgradelab.runner.fleet;

import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.process.ProcessAddress;
import java.util.Optional;

/**
 * The demo providers a run starts: how many, on which nacos-client version, registering where.
 *
 * @param count   how many ({@code probe.demoProviders})
 * @param client  their nacos-client version at the start, e.g. {@code 1.4.1}
 * @param servers the Nacos nodes, comma-separated
 * @param login   the Nacos user they log in as, when the cluster has auth on
 * @param address where a local demo provider serves and registers (a pod's is its own IP)
 */
public record DemoSettings(int count, String client, String servers, Optional<NacosCredentials> login,
                           ProcessAddress address) {
}
