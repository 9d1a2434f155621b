package io.upgradelab.runner.backend.local;

import io.upgradelab.runner.nacos.NacosAuth;
import java.util.Map;

/**
 * The keys of a cluster with auth on, made for each cluster the lab starts: the key Nacos signs its
 * tokens with and the identity header its peers show each other. A fixed key would let anyone who
 * read the lab's source forge a token for any lab cluster. They reach the nodes only through their
 * environment, which Nacos 1.4 and 2.x read through Spring's relaxed binding
 * ({@code NACOS_CORE_AUTH_SERVER_IDENTITY_KEY} for {@code nacos.core.auth.server.identity.key}): a
 * process's environment is readable by its own user and root only, its command line and the run's
 * files by anyone. A node gets them when auth is on, and always from 3.x on, which does not start
 * without them (its admin API and its peers' calls need auth).
 */
record NodeAuthKeys(Secret tokenKey, Secret identityKey, Secret identityValue) {

    /** The lab's own calls to a 3.x node show this identity, as its peers do, in place of a token. */
    NacosAuth.ServerIdentity identity() {
        return new NacosAuth.ServerIdentity(identityKey.value(), identityValue.value());
    }

    /** For 1.4 and 2.0 to 2.1; 2.2 and later read {@link #TOKEN_KEY_2_2}, which is set too. */
    static final String TOKEN_KEY = "NACOS_CORE_AUTH_DEFAULT_TOKEN_SECRET_KEY";
    static final String TOKEN_KEY_2_2 = "NACOS_CORE_AUTH_PLUGIN_NACOS_TOKEN_SECRET_KEY";
    static final String IDENTITY_KEY = "NACOS_CORE_AUTH_SERVER_IDENTITY_KEY";
    static final String IDENTITY_VALUE = "NACOS_CORE_AUTH_SERVER_IDENTITY_VALUE";

    static NodeAuthKeys random() {
        return new NodeAuthKeys(Secret.signingKey(), Secret.random(), Secret.random());
    }

    /** The variables every node of the cluster gets, the same on each so that they trust each other. */
    Map<String, String> environment() {
        return Map.of(TOKEN_KEY, tokenKey.value(), TOKEN_KEY_2_2, tokenKey.value(),
                IDENTITY_KEY, identityKey.value(), IDENTITY_VALUE, identityValue.value());
    }
}
