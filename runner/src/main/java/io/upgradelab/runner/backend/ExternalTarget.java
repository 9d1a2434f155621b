package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
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
@JsonClassDescription("An existing Nacos cluster: upgrade-lab registers the fleet and the probe there, observes it"
        + " and upgrades its nodes with the commands given, but never starts or stops it otherwise.")
public record ExternalTarget(
        @JsonProperty(required = true)
        @SchemaRef("hostPorts")
        @JsonPropertyDescription("Each node's HTTP address, host:port, in the order of the cluster's member list"
                + " (node 1 first).")
        List<String> addresses,
        @JsonPropertyDescription("Where to read the Nacos user of a cluster with auth enabled. The file names the"
                + " source, never the secret.")
        CredentialsSource credentials,
        @SchemaRef("argumentLists")
        @JsonPropertyDescription("Per node, in node order, the command that upgrades it: an argument list run"
                + " without a shell. An argument {version} is replaced by the version upgraded to. Needed by"
                + " rollingServerUpgrade.")
        List<List<String>> upgradeCommands,
        @JsonPropertyDescription("How long a node may take to answer and rejoin after its upgrade command. Default 5m.")
        Duration upgradeTimeout) {

    public ExternalTarget {
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
        upgradeCommands = upgradeCommands == null ? List.of() : upgradeCommands.stream().map(List::copyOf).toList();
        upgradeTimeout = upgradeTimeout == null ? Duration.ofMinutes(5) : upgradeTimeout;
    }
}
