package io.upgradelab.runner.backend;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.upgradelab.runner.plan.SchemaRef;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What only the {@code local} backend reads, because only it starts the Nacos processes itself on
 * this machine: {@code target.local}. Its own section, as every other backend has one, so a file
 * says whose setting each field is and a backend that cannot honour one is never handed it.
 *
 * @param servers       the Nacos servers a team brings for versions this build lacks (a release newer than
 *                      the build, or a patched one): version to archive or folder, as written until
 *                      {@link #withServersFrom} makes each path absolute
 * @param storage       the config store the nodes run on ({@link Storage}): the embedded one and MySQL fail
 *                      differently on upgrade paths, so a team tests the one it runs (default embedded)
 * @param nodeCpus      each node's CPU limit in cores (a cgroup per node), so that a capacity measured here
 *                      stands for nodes of that size rather than for this whole machine; null: no limit
 * @param nodeAddresses each node's own loopback address, as hosts of their own would have: only then can a
 *                      fault tell a node's peers from its clients; empty: every node on 127.0.0.1, ports apart
 * @param startTimeout  how long a node may take to be ready, at start and in an upgrade step: a slower
 *                      machine needs more, and a test that expects a split cluster less
 * @param schemaUpgrade with mysql storage, whether a newer version's tables and columns are added before its
 *                      first node starts: false is the team that forgets the step (alibaba/nacos #13654), and
 *                      the run shows what the nodes then do (default true)
 * @param clientAuth    which nodes check their clients' credentials ({@link ClientAuth}); the lab's own clients
 *                      log in unless the fleet is told not to (default off)
 */
@JsonClassDescription("Real Nacos server processes on this machine, started by upgrade-lab from the distributions"
        + " this build laid out or from servers the file brings.")
public record LocalTarget(
        @SchemaRef("serverArchives")
        @JsonPropertyDescription("Nacos servers the experiment brings, for versions this build does not have:"
                + " version to the server's archive (the official nacos-server-X.tar.gz, .tgz or .zip) or unpacked"
                + " folder; a relative path is read from the experiment file's folder. Each is checked to be a Nacos"
                + " server of that version that runs on this Java, and an archive is unpacked once into"
                + " runner/nacos-servers/target/brought-in. E.g. 2.5.0: servers/nacos-server-2.5.0.tar.gz.")
        Map<String, String> servers,
        @SchemaRef("storage")
        @JsonPropertyDescription("Where the nodes keep config data. embedded (the default): Nacos's own store, Derby"
                + " on each node, replicated by JRaft in a cluster. mysql: one database every node shares, as"
                + " production clusters run: a lab-managed MariaDB on 127.0.0.1 (Debian package mariadb-server),"
                + " with the schema of the first version's own nacos-config jar, and the columns and tables a newer"
                + " version's schema adds applied before its first node starts (journalled as storageMigrated).")
        Storage storage,
        @SchemaRef("cores")
        @JsonPropertyDescription("A CPU limit per node in cores, e.g. 0.5 or 2, as the resource-size benchmark"
                + " reports ran 1, 2, 4 and 8 cores per node: a cgroup per node, cpu.max on cgroup v2 or"
                + " cpu.cfs_quota_us on v1; needs root or a delegated cgroup, and run refuses to start without it."
                + " Default: no limit.")
        Double nodeCpus,
        @SchemaRef("nodeAddresses")
        @JsonPropertyDescription("Each node's own address, node 1 first, one per node (target.nodes defaults to"
                + " their number), e.g. [127.0.0.11, 127.0.0.12, 127.0.0.13]. Every node then listens at firstPort"
                + " (default 8848) and Nacos's other standard ports (9848, 9849, 7848) on its own address, as three"
                + " hosts would, and the bind guard keeps each node's sockets there. Without it every node runs on"
                + " 127.0.0.1, its ports 10 apart.")
        List<String> nodeAddresses,
        @JsonPropertyDescription("How long one node may take from its launch to ready, the cluster to form, and"
                + " a restarted node to be ready again in an upgrade step (members agree, registrations"
                + " accepted); past it a start fails and an upgrade step goes on with a warning. Default 3m.")
        Duration startTimeout,
        @JsonPropertyDescription("3.x nodes only (others ignore it): whether the v1 and v2 APIs stay on behind Nacos"
                + " 3.0 and 3.1's compatibility switches (nacos.core.api.compatibility.client, .admin and"
                + " .console.enabled). false: all off, as 3.2 ships, which removed those APIs: nacos-client 1.x then"
                + " cannot reach a 3.x node, and the lab observes it through the v3 APIs alone. true: all on."
                + " Default: 3.x's own defaults (the client APIs on, the admin and console ones off).")
        Boolean compatibilityApis,
        @JsonPropertyDescription("With storage mysql: whether the lab adds the tables and columns a newer version's"
                + " schema has before the first node of that version starts, as Nacos's upgrade notes tell operators."
                + " false skips it, as a team that forgets the step would (alibaba/nacos #13654: 3.0 started on a"
                + " 2.x schema): what is missing is still journalled (storageMigrated, skipped), and the nodes' own"
                + " errors show as the schemaBehindServer failure sign. Default true.")
        Boolean schemaUpgrade,
        @SchemaRef("clientAuth")
        @JsonPropertyDescription("Which nodes check their clients' credentials. off (the default): none, Nacos's"
                + " default up to 3.2. everyNode: every node (nacos.core.auth.enabled: 1.x and 2.x then check every"
                + " API, 3.x its client APIs too). threeXNodes: the 3.x nodes only, as an upgrade to a 3.x that checks"
                + " clients by default (3.3) does. The lab's clients (fleet, probe, demo providers, config listeners)"
                + " log in as the cluster's admin user, whose password the lab makes per cluster where the database"
                + " has none (3.x) and hands over in their environment; fleet.logsIn: false keeps the fleet's"
                + " providers without it, as clients a team never gave a user.")
        ClientAuth clientAuth) {

    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(3);

    public LocalTarget {
        startTimeout = startTimeout == null ? DEFAULT_START_TIMEOUT : startTimeout;
        servers = servers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(servers));
        storage = storage == null ? Storage.EMBEDDED : storage;
        nodeAddresses = nodeAddresses == null ? List.of() : List.copyOf(nodeAddresses);
        schemaUpgrade = schemaUpgrade == null || schemaUpgrade;
        clientAuth = clientAuth == null ? ClientAuth.OFF : clientAuth;
    }

    /** The switches 3.0 and 3.1 keep their v1 and v2 APIs behind. */
    private static final List<String> COMPATIBILITY_SWITCHES = List.of("nacos.core.api.compatibility.client.enabled",
            "nacos.core.api.compatibility.admin.enabled", "nacos.core.api.compatibility.console.enabled");

    /** The node properties {@link #compatibilityApis} asks for; none at 3.x's own defaults. */
    public Map<String, String> compatibilityProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        if (compatibilityApis != null) {
            COMPATIBILITY_SWITCHES.forEach(key -> properties.put(key, compatibilityApis.toString()));
        }
        return properties;
    }

    /** The section as a file that leaves it out has it: every setting at its default. */
    public static LocalTarget defaults() {
        return new LocalTarget(null, null, null, null, null, null, null, null);
    }

    /**
     * The same settings with each of {@link #servers}' paths absolute: a relative one is read from
     * {@code folder}, the experiment file's, so a file and its archives move together.
     */
    public LocalTarget withServersFrom(Path folder) {
        Map<String, String> resolved = new LinkedHashMap<>();
        servers.forEach((v, path) -> resolved.put(v, resolved(folder, path)));
        return new LocalTarget(resolved, storage, nodeCpus, nodeAddresses, startTimeout, compatibilityApis,
                schemaUpgrade, clientAuth);
    }

    /** {@code path} read from {@code folder}; as written when it is no path (reading it says so). */
    private static String resolved(Path folder, String path) {
        try {
            return folder.resolve(path).toAbsolutePath().normalize().toString();
        } catch (InvalidPathException e) {
            return path;
        }
    }
}
