package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which nodes check the clients' credentials ({@code target.local.clientAuth}). A choice because the
 * switch moved: 1.x and 2.x check every API or none ({@code nacos.core.auth.enabled}); 3.0 checks its
 * admin and console APIs always and its client APIs only with that switch on; 3.3 turns it on by
 * default. A team whose clients never needed a user must see what an upgrade that starts checking
 * them does, and a team with auth on must see its clients log in through the upgrade.
 */
public enum ClientAuth {

    /** No node checks its clients: Nacos's default up to 3.2. */
    @JsonProperty("off")
    OFF,

    /** Every node checks them: a registry run with auth on, whatever its version. */
    @JsonProperty("everyNode")
    EVERY_NODE,

    /** The 3.x nodes check them, the older ones do not: an upgrade to a 3.x that checks clients by default, as 3.3 does. */
    @JsonProperty("threeXNodes")
    THREE_X_NODES
}
