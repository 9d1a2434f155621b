package io.upgradelab.runner.cli;

import io.upgradelab.naming.ClientVersions;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.clients.ClientDistributions;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The versions a flag may name, for shell completion: what this build laid out, read only when a completion
 * script is made (never when a command starts, so no command pays for the scan).
 */
final class VersionCandidates {

    private VersionCandidates() {
    }

    /** The Nacos server versions this build provides ({@code cluster up --server-version}). */
    static final class Servers implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            try {
                return NacosDistributions.installed().versions().iterator();
            } catch (RuntimeException e) {
                return List.<String>of().iterator();   // not built yet: nothing to offer
            }
        }
    }

    /** The nacos-client versions this build provides, and the shorthands 1x and 2x ({@code --client}). */
    static final class Clients implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> versions = new ArrayList<>(ClientVersions.SHORTHANDS.keySet());
            try {
                versions.addAll(ClientDistributions.scan(LabHome.clientDistributions()).versions());
            } catch (RuntimeException e) {
                // not built yet: the shorthands only
            }
            return versions.iterator();
        }
    }
}
