package io.upgradelab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.FleetStatus;
import io.upgradelab.journal.LineType;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.Backend;
import io.upgradelab.runner.backend.Backends;
import io.upgradelab.runner.backend.CredentialsSource;
import io.upgradelab.runner.backend.ExternalTarget;
import io.upgradelab.runner.backend.NodeResources;
import io.upgradelab.runner.backend.NodeState;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.backend.StopMode;
import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.fleet.DemoProviderProcess;
import io.upgradelab.runner.fleet.FleetProcess;
import io.upgradelab.runner.fleet.FleetSettings;
import io.upgradelab.runner.journal.Journal;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosCredentials;
import io.upgradelab.runner.nacos.NacosDistributions;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.observe.NodeCounts;
import io.upgradelab.runner.process.ProcessAddress;
import io.upgradelab.runner.experiment.ExperimentBinder;
import io.upgradelab.runner.testing.Targets;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.upgradelab.demo.ControlToken;

/**
 * The external backend against a real Nacos 2.0.4 with auth on, which this test starts as a
 * standalone local node (one node keeps CI short; the member check is the same code as a
 * cluster's). Without a token the node refuses; through the backend, logged in from a credentials
 * file, every call the observers and phases make works, and real clients of the lab log in (a Dubbo
 * demo provider, the fleet on nacos-client 1.x and 2.x); an upgrade step runs the user's argument
 * list as given (no shell) and waits for the node. The user's password is first changed to one used
 * nowhere else, so that "it reaches no journal line and no command line" is a search that can fail;
 * at the end every file of the run (the node's logs and data, the fleet's and the provider's console
 * logs, the journal) is searched for the password and for any token, the fleet having met a node
 * that does not answer first, as in a rolling upgrade, where nacos-client logs its failed login.
 * It lives with the end-to-end tests because it starts the lab's demo provider and fleet, which the
 * build makes after the runner.
 */
class ExternalClusterIT {

    private static final int DEMO_PORT = 20997;
    private static final String PASSWORD = "lab-" + UUID.randomUUID();
    /** A JSON Web Token, as Nacos issues them: a header and a payload, each Base64url of a JSON object. */
    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}");

    @TempDir
    Path directory;

    @Test
    @Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
    void anAuthEnabledClusterIsObservedAndUpgradedThroughTheExternalBackend() throws Exception {
        // Apart from the other ITs' ports (19000-21021): a port another node closed a moment ago can
        // still refuse a bind while its connections wait out TIME_WAIT (seen in CI after LocalClusterIT).
        int port = LocalClusterSpec.firstFreePort(1, 24000);
        LocalClusterSpec spec = LocalClusterSpec.of("2.0.4", 1, directory.resolve("local")).withFirstPort(port)
                .withServerProperties(Map.of("management.endpoints.web.exposure.include", "prometheus",
                        "nacos.core.auth.caching.enabled", "false")).withAuth();   // a new password counts at once
        Path credentials = directory.resolve("nacos.properties");
        String token;
        Map<String, String> nodeKeys;
        List<String> commandLines = new ArrayList<>();
        try (LocalCluster nacos = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()),
                System.out::println)) {
            String address = nacos.nodes().get(0).address();
            assertThatThrownBy(() -> NacosApi.of(address).services()).as("auth is on: no token, no answer")
                    .hasMessageContaining("403");

            token = changePassword(address, PASSWORD);
            nodeKeys = nodeAuthKeys(nacos.nodes().get(0).pid());   // a map of its own: the fleet's token joins it
            Files.writeString(credentials, "username=nacos\npassword=" + PASSWORD + "\n");
            Path script = upgradeScript();
            Path arguments = directory.resolve("arguments.txt");
            ExternalTarget cluster = new ExternalTarget(List.of(address),
                    new CredentialsSource(null, null, credentials.toString()),
                    List.of(List.of(script.toString(), arguments.toString(), "{version}", "a;b $(id) `id` *", "v{version}")),
                    Duration.ofMinutes(1));
            Target target = Targets.of("{backend: external, version: 2.0.4, external: "
                    + ExperimentBinder.mapper().writeValueAsString(cluster) + "}");

            try (Backend external = Backends.require("external").open(target, directory.resolve("run"), System.out::println)) {
                NodeStatus node = external.nodes().get(0);
                assertThat(node.state()).isEqualTo(NodeState.UP);
                assertThat(node.version()).isEqualTo("2.0.4");
                assertThat(node.pid()).isEqualTo(-1);

                external.api(1).registerInstance("upgrade-lab-external-it", "127.0.0.1", 20999);
                await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                        assertThat(external.api(1).instances("upgrade-lab-external-it"))
                                .extracting(RegisteredInstance::address).containsExactly("127.0.0.1:20999"));
                assertThat(external.api(1).services()).extracting(s -> s.name()).contains("upgrade-lab-external-it");

                NodeResources resources = external.sample(1);   // from the node's Prometheus page
                assertThat(resources.cpuPercent()).isNotNegative();
                assertThat(resources.rssMiB()).isGreaterThan(100);

                // a real client of the lab's (Dubbo 2.7 + nacos-client 1.4.1) logs in and registers
                try (DemoProviderProcess demo = DemoProviderProcess.start("1x", address, external.credentials(), ProcessAddress.DEFAULT,
                        DEMO_PORT, "external-it", directory.resolve("demo"), System.out::println)) {
                    await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                            assertThat(external.api(1).instances(NodeCounts.DEMO_SERVICE))
                                    .extracting(RegisteredInstance::address).containsExactly("127.0.0.1:" + DEMO_PORT));
                    assertThat(ProcessHandle.of(demo.pid()).flatMap(p -> p.info().arguments()).orElseThrow())
                            .as("the provider's command line").noneMatch(a -> a.contains(PASSWORD));
                }
                // a node that does not answer first, as during a rolling upgrade: each client's login fails there
                // before it succeeds on the next (nacos-client logs that failure with the password it sent)
                String down = "127.0.0.1:" + (port + 5);
                try (FleetProcess fleet = FleetProcess.start(FleetSettings.forServers(down + "," + address).withLayout(5, 5)
                        .withLogin(external.credentials()), directory.resolve("fleet"), System.out::println)) {
                    fleet.scaleTo(10, 50, "1x");
                    fleet.awaitIdle(Duration.ofMinutes(1));
                    fleet.scaleTo(20, 50, "2x");
                    FleetStatus status = fleet.awaitIdle(Duration.ofMinutes(1));
                    assertThat(status.registrationFailures() + status.clientErrors()).as(status.lastError()).isZero();
                    commandLines.addAll(everyCommandLine());   // the node, the runner's test JVM, the fleet
                    nodeKeys.put("the fleet's control token", environment(fleet.pid()).get(ControlToken.VARIABLE));
                    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(external.api(1).services()
                            .stream().filter(s -> s.name().startsWith("providers:")
                                    && !s.name().equals(NodeCounts.DEMO_SERVICE)).mapToInt(s -> s.instances()).sum())
                            .as("registered by real nacos-client 1.x and 2.x, logged in").isEqualTo(20));
                }

                external.upgradeNode(1, "2.0.4");
                assertThat(Files.readAllLines(arguments)).containsExactly("2.0.4", "a;b $(id) `id` *", "v2.0.4");
                assertThat(external.nodes().get(0).state()).isEqualTo(NodeState.UP);

                assertThatThrownBy(() -> external.stopNode(1, StopMode.KILL)).hasMessageContaining("does not stop nodes");

                Journal journal = Journal.create(directory.resolve("journal"));
                journal.append(new TargetLine(target));
                journal.close();
                String journalled = Files.readString(directory.resolve("journal").resolve(Journal.FILE_NAME));
                assertThat(journalled).contains(credentials.toString()).doesNotContain(PASSWORD);
                assertThat(external.credentials().orElseThrow().toString())
                        .isEqualTo("NacosCredentials[username=nacos, password=***]");
            }
            assertThat(nacos.nodes().get(0).state()).as("closing the external backend leaves the node").isEqualTo(NodeState.UP);
        }
        // every file of the run, the nodes' logs and data included (closed: their logs are flushed), but the
        // credentials file, which holds the password by design
        long started = System.nanoTime();
        List<String> leaks = new ArrayList<>();
        int files = 0;
        Map<String, Pattern> secrets = new java.util.LinkedHashMap<>(Map.of("the password", Pattern.compile(Pattern.quote(PASSWORD)),
                "the test's own token", Pattern.compile(Pattern.quote(token)),
                "a token parameter", Pattern.compile("accessToken=[^&\\s]"),
                "a bearer token", Pattern.compile("Bearer [A-Za-z0-9_-]"),
                "a JWT", JWT));
        nodeKeys.forEach((variable, value) -> secrets.put(variable, Pattern.compile(Pattern.quote(value))));
        assertThat(commandLines).as("every command line on the machine mid-run (ps)").isNotEmpty()
                .noneMatch(line -> secrets.values().stream().anyMatch(p -> p.matcher(line).find()));
        try (Stream<Path> all = Files.walk(directory)) {
            for (Path file : all.filter(Files::isRegularFile).filter(f -> !f.equals(credentials)).toList()) {
                files++;
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                secrets.forEach((what, pattern) -> {
                    Matcher found = pattern.matcher(text);
                    if (found.find()) {   // where, not what: the report must not carry the secret either
                        leaks.add(directory.relativize(file) + ": " + what + " at offset " + found.start());
                    }
                });
            }
        }
        System.out.printf("secrets searched for in %d files of the run in %d ms%n", files,
                Duration.ofNanos(System.nanoTime() - started).toMillis());
        assertThat(files).as("files searched").isGreaterThan(20);
        assertThat(leaks).as("the password or a token in a file of the run").isEmpty();
    }

    /**
     * The keys the cluster made for itself (its token signing key and its peers' identity), read from
     * the node's environment: each made per cluster, so that finding one in a file is a real leak.
     */
    private static Map<String, String> nodeAuthKeys(long pid) throws IOException {
        Map<String, String> keys = new java.util.TreeMap<>(environment(pid));
        keys.keySet().removeIf(variable -> !variable.startsWith("NACOS_CORE_AUTH_"));
        assertThat(keys).as("the node's auth keys, in its environment").containsKeys(
                "NACOS_CORE_AUTH_DEFAULT_TOKEN_SECRET_KEY", "NACOS_CORE_AUTH_SERVER_IDENTITY_KEY",
                "NACOS_CORE_AUTH_SERVER_IDENTITY_VALUE").allSatisfy((k, v) -> assertThat(v).hasSizeGreaterThan(30));
        return keys;
    }

    private static Map<String, String> environment(long pid) throws IOException {
        Map<String, String> variables = new java.util.TreeMap<>();
        for (String variable : new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ")),
                StandardCharsets.UTF_8).split("\0")) {
            int equals = variable.indexOf('=');
            if (equals > 0) {
                variables.put(variable.substring(0, equals), variable.substring(equals + 1));
            }
        }
        return variables;
    }

    /** What {@code ps -eww -o args} shows: every process's whole command line. */
    private static List<String> everyCommandLine() throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-eww", "-o", "args=").redirectErrorStream(true).start();
        List<String> lines = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertThat(ps.waitFor()).isZero();
        return lines;
    }

    /**
     * Changes the default user's password through the open API, and proves it by logging in with it;
     * returns the token it used. Token and password travel in a header and in bodies, as the lab's
     * own calls send them: a URL would reach the node's access log, which the test searches.
     */
    private static String changePassword(String address, String password) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create("http://" + address
                        + "/nacos/v1/auth/users/login")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("username=nacos&password="
                        + LocalClusterSpec.DEFAULT_USER.password())).build(), HttpResponse.BodyHandlers.ofString());
        String token = new ObjectMapper().readTree(login.body()).path("accessToken").asText();
        // 2.0.4 answers 403 to this yet changes the password (its controller goes on after the error): proved below
        http.send(HttpRequest.newBuilder(URI.create("http://" + address + "/nacos/v1/auth/users"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/x-www-form-urlencoded")
                .PUT(HttpRequest.BodyPublishers.ofString("username=nacos&newPassword="
                        + URLEncoder.encode(password, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(NacosApi.of(address, Optional.of(new NacosCredentials("nacos", password))).serverVersion())
                .as("logged in with the new password").isEqualTo("2.0.4");
        return token;
    }

    /** A script that writes each argument after the first on a line of the file named by the first. */
    private Path upgradeScript() throws Exception {
        Path script = directory.resolve("upgrade.sh");
        Files.writeString(script, "#!/bin/sh\nout=\"$1\"; shift\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$out\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    /** The run's target as the journal would hold it: what must show the credentials masked. */
    @LineType("runStarted")
    private record TargetLine(Object target) {
    }
}
