package io.upgradelab.runner.backend;

import java.time.Duration;
import java.util.List;

/**
 * An existing Nacos cluster the lab does not start: {@code target.backend: external}.
 *
 * @param addresses       each node's HTTP address ({@code host:port}), in member-list order
 * @param credentials     where to read the Nacos user when the cluster has auth enabled; null when it has not
 * @param upgradeCommands per node, the command that upgrades it to the version given as the argument
 *                        {@code {version}}: an argument list, run without a shell; null when upgrades are not planned
 * @param upgradeTimeout  how long a node may take to answer again after its upgrade command
 */
public record ExternalTarget(List<String> addresses, CredentialsSource credentials,
                             List<List<String>> upgradeCommands, Duration upgradeTimeout) {

    public ExternalTarget {
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
        upgradeCommands = upgradeCommands == null ? List.of() : upgradeCommands.stream().map(List::copyOf).toList();
        upgradeTimeout = upgradeTimeout == null ? Duration.ofMinutes(5) : upgradeTimeout;
    }
}
