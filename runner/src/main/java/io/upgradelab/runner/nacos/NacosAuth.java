package io.upgradelab.runner.nacos;

import java.util.Optional;

/**
 * How the lab proves itself to a cluster: a user it logs in as (a cluster with auth on, or a team's
 * own cluster), and, for the clusters it makes, their server identity, the header Nacos peers show
 * each other, which 3.x's admin API takes in place of a token. Never journalled: {@link #toString()}
 * hides both.
 */
public record NacosAuth(Optional<NacosCredentials> credentials, Optional<ServerIdentity> identity) {

    /** No auth: an open cluster. */
    public static final NacosAuth NONE = new NacosAuth(Optional.empty(), Optional.empty());

    public static NacosAuth of(Optional<NacosCredentials> credentials) {
        return new NacosAuth(credentials, Optional.empty());
    }

    /** The same, proving itself with {@code identity} where the node's generation takes it. */
    public NacosAuth withIdentity(ServerIdentity identity) {
        return new NacosAuth(credentials, Optional.of(identity));
    }

    /** {@code nacos.core.auth.server.identity.key} and {@code .value}: a header name and its value. */
    public record ServerIdentity(String key, String value) {
        @Override
        public String toString() {
            return "ServerIdentity[***]";
        }
    }

    @Override
    public String toString() {
        return "NacosAuth[credentials=" + credentials + ", identity=" + identity.map(i -> "***").orElse("none") + "]";
    }
}
