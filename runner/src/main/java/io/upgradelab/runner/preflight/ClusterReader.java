package io.upgradelab.runner.preflight;

import io.upgradelab.journal.StorageMigration;
import io.upgradelab.runner.backend.DatabaseAccess;
import io.upgradelab.runner.backend.local.SchemaDiff;
import io.upgradelab.runner.nacos.ConnectedClient;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistribution;
import io.upgradelab.runner.nacos.ServiceSummary;
import io.upgradelab.runner.preflight.ClusterFacts.Client;
import io.upgradelab.runner.preflight.ClusterFacts.Read;
import io.upgradelab.runner.preflight.PreflightSources.NodeSource;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a cluster once for preflight ({@link ClusterFacts}), from {@link PreflightSources}: read-only,
 * whatever it reads (a schema is compared in a scratch database, dropped after). A source that fails says
 * why in the facts; it never stops the other reads.
 */
public final class ClusterReader {

    /** Configs stored under both the old default namespace ('' or NULL) and 3.x's 'public'. */
    static final String DUPLICATES = "SELECT a.group_id, a.data_id FROM config_info a JOIN config_info b"
            + " ON a.data_id = b.data_id AND a.group_id = b.group_id"
            + " WHERE (a.tenant_id = '' OR a.tenant_id IS NULL) AND b.tenant_id = 'public'"
            + " ORDER BY a.group_id, a.data_id";
    private static final java.util.regex.Pattern JVM_INFO = java.util.regex.Pattern.compile(
            "(?m)^jvm_info\\{[^}]*\\bversion=\"([^\"]+)\"");

    private ClusterReader() {
    }

    public static ClusterFacts read(PreflightSources sources) {
        List<ClusterFacts.Node> nodes = sources.nodes().stream().map(ClusterReader::node).toList();
        return new ClusterFacts(sources.to(), nodes, clients(sources.nodes(), nodes), duplicates(sources),
                schemaGap(sources), properties(sources.nodes()), sources.frontiers());
    }

    private static ClusterFacts.Node node(NodeSource source) {
        NacosApi api = source.api();
        String version;
        try {
            version = api.serverVersion();
        } catch (NacosApi.NacosApiException e) {
            return new ClusterFacts.Node(source.number(), source.address(), "", Optional.empty(), List.of(), -1,
                    source.java());
        }
        Optional<String> unready = attempt(api::unready).orElse(Optional.of("its readiness did not answer"));
        List<String> leaderless = attempt(api::members).orElse(List.of()).stream()
                .filter(m -> m.address().equals(source.address()))
                .flatMap(m -> m.raftLeaders().entrySet().stream().filter(e -> e.getValue().isBlank()).map(Map.Entry::getKey))
                .toList();
        int instances = attempt(api::services).map(s -> s.stream().mapToInt(ServiceSummary::instances).sum()).orElse(-1);
        Optional<String> java = source.java().or(() -> attempt(api::prometheus).flatMap(ClusterReader::jvmVersion));
        return new ClusterFacts.Node(source.number(), source.address(), version, unready, leaderless, instances, java);
    }

    /** The version of {@code jvm_info} in a Prometheus page (Micrometer's JVM metrics), if the page has it. */
    static Optional<String> jvmVersion(String prometheus) {
        java.util.regex.Matcher m = JVM_INFO.matcher(prometheus);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * The clients: gRPC connections with their versions (2.x nodes), HTTP clients from the client lists
     * (2.2+) and the access logs, which also give 1.x clients' versions and everyone's credentials.
     */
    private static Read<List<Client>> clients(List<NodeSource> sources, List<ClusterFacts.Node> nodes) {
        Map<String, Client> clients = new LinkedHashMap<>();
        Set<String> loggedIn = new HashSet<>();
        boolean httpCovered = false;
        List<String> gaps = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            NodeSource source = sources.get(i);
            Optional<List<AccessLogClients.Seen>> logged = source.logs().flatMap(AccessLogClients::in);
            if (logged.isPresent()) {
                httpCovered = true;
                for (AccessLogClients.Seen seen : logged.get()) {
                    if (seen.credentials()) {
                        loggedIn.add(seen.address());
                    }
                    if (seen.http()) {
                        clients.merge("http " + seen.address() + " " + seen.version(), new Client(seen.address(),
                                seen.version(), "http", Optional.of(!seen.without()), "node " + source.number()
                                + "'s access log"), (a, b) -> a.credentials().equals(Optional.of(false)) ? a : b);
                    }
                }
            }
            if (!nodes.get(i).answered()) {
                continue;
            }
            attempt(source.api()::grpcConnections).ifPresent(connections -> connections.forEach(c ->
                    clients.putIfAbsent("grpc " + c.clientIp() + " " + ConnectedClient.clientVersionOf(c.version()), new Client(c.clientIp(),
                            ConnectedClient.clientVersionOf(c.version()), "grpc", Optional.empty(), "node " + source.number()
                            + "'s connections"))));
            Optional<List<ConnectedClient>> listed = attempt(source.api()::connectedClients);
            if (listed.isPresent()) {
                httpCovered = true;
                for (ConnectedClient c : listed.get()) {
                    if (c.type().equals("ipPort") && clients.keySet().stream().noneMatch(k -> k.startsWith("http "
                            + c.clientIp() + " "))) {
                        clients.put("http " + c.clientIp() + " ", new Client(c.clientIp(), "", "http", Optional.empty(),
                                "node " + source.number() + "'s client list"));
                    }
                }
            } else {
                gaps.add("node " + source.number());
            }
        }
        if (!httpCovered) {
            return Read.unavailable("no node lists its clients (v2/ns/client needs 2.2 or later" + (gaps.isEmpty() ? ""
                    : ": not " + String.join(", ", gaps)) + ") and no access log was readable: give the nodes' log folders");
        }
        List<Client> all = clients.values().stream().map(c -> c.protocol().equals("grpc") && loggedIn.contains(c.address())
                ? new Client(c.address(), c.version(), c.protocol(), Optional.of(true), c.seenIn() + ", a login in the"
                + " access log") : c).toList();
        return Read.of(all);
    }

    private static Read<List<String>> duplicates(PreflightSources sources) {
        if (sources.database().isEmpty()) {
            return Read.unavailable(sources.noDatabase());
        }
        DatabaseAccess database = sources.database().get();
        try (Connection connection = database.connect();
             PreparedStatement query = connection.prepareStatement(DUPLICATES);
             ResultSet rows = query.executeQuery()) {
            List<String> duplicates = new ArrayList<>();
            while (rows.next()) {
                duplicates.add(rows.getString(1) + "/" + rows.getString(2));
            }
            return Read.of(duplicates);
        } catch (SQLException e) {
            return Read.unavailable("cannot read config_info in " + database.description() + ": " + e.getMessage());
        }
    }

    private static Read<StorageMigration> schemaGap(PreflightSources sources) {
        if (sources.database().isEmpty()) {
            return Read.unavailable(sources.noDatabase());
        }
        if (sources.target().value().isEmpty()) {
            return Read.unavailable(sources.target().unavailable());
        }
        DatabaseAccess database = sources.database().get();
        NacosDistribution target = sources.target().value().get();
        try (Connection connection = database.connect()) {
            return Read.of(SchemaDiff.measure(connection, database.database(), target,
                    "upgrade_lab_schema_preflight_" + target.version().replaceAll("[^A-Za-z0-9]", "_")));
        } catch (SQLException e) {
            return Read.unavailable("cannot compare " + database.description() + " with " + target.version()
                    + "'s schema (its account must be able to create a scratch database): " + e.getMessage());
        }
    }

    private static Read<Map<Integer, Map<String, String>>> properties(List<NodeSource> sources) {
        Map<Integer, Map<String, String>> byNode = new TreeMap<>();
        for (NodeSource source : sources) {
            Optional<Path> file = source.properties().filter(Files::isRegularFile);
            if (file.isEmpty()) {
                continue;
            }
            Properties properties = new Properties();
            try (Reader in = Files.newBufferedReader(file.get(), StandardCharsets.UTF_8)) {
                properties.load(in);
            } catch (IOException | IllegalArgumentException e) {
                return Read.unavailable(file.get() + ": not a properties file: " + e.getMessage());
            }
            Map<String, String> values = new TreeMap<>();
            properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k)));
            byNode.put(source.number(), values);
        }
        return byNode.isEmpty() ? Read.unavailable("no node's application.properties was readable: give them") : Read.of(byNode);
    }

    /** A read that may fail against a node that does not have it or does not answer. */
    private static <T> Optional<T> attempt(java.util.function.Supplier<T> call) {
        try {
            return Optional.ofNullable(call.get());
        } catch (NacosApi.NacosApiException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }
}
