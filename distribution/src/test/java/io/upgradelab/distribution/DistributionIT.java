package io.upgradelab.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.runner.LabHome;
import io.upgradelab.runner.backend.local.LocalCluster;
import io.upgradelab.runner.backend.local.LocalClusterSpec;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.NacosDistributions;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.upgradelab.demo.ControlToken;

/**
 * What the lab ships, run as a user runs it: {@code upgrade-lab} from the unpacked archive in a
 * temporary directory, and the lab image's entrypoint in a root file system made of nothing but the
 * image's layers ({@link ImageRoot}), running the fleet, a demo provider and the probe against a real
 * Nacos node started from the unpacked archive. Every address is on loopback, none is 127.0.0.1.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 12, unit = java.util.concurrent.TimeUnit.MINUTES)
class DistributionIT {

    private static final String VERSION = System.getProperty("upgradelab.version");
    private static final String NODE = "127.0.0.61";
    private static final String FLEET = "127.0.0.62";
    private static final String DEMO = "127.0.0.63";
    private static final String PROBE = "127.0.0.64";
    private static final Pattern CONTROL = Pattern.compile("control on ([0-9.]+):([0-9]+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    private Path unpacked;
    private ImageRoot image;
    private LocalCluster node;
    /** The node's HOST:PORT. */
    private String nodeAddress;
    private final HttpClient http = HttpClient.newHttpClient();
    /** The control token of the test's "run": the served fleet and probe take it from their environment. */
    private final ControlToken token = ControlToken.generate();

    @BeforeAll
    void unpackTheArchiveAndTheImageAndStartANodeFromTheArchive() throws Exception {
        Path archive = Path.of(System.getProperty("upgradelab.archive"));
        assertThat(archive).as("built by ./mvnw package").isRegularFile();
        Files.createDirectories(work.resolve("archive"));
        HostCommand.run(List.of("tar", "-xzf", archive.toString(), "-C", work.resolve("archive").toString()),
                Duration.ofMinutes(3));
        unpacked = work.resolve("archive/upgrade-lab-" + VERSION);
        image = ImageRoot.unpack(Path.of(System.getProperty("upgradelab.image")), work.resolve("image"));

        // the node: the archive's own Nacos 2.0.4, found through the archive's layout (no target/ level)
        System.setProperty("upgradelab.home", unpacked.toString());
        assertThat(LabHome.isCheckout()).isFalse();
        // a port of its own like every other end-to-end test's node, not Nacos's default 8848 (and 9848 for gRPC)
        LocalClusterSpec spec = LocalClusterSpec.of("2.0.4", 1, work.resolve("node")).withNodeAddresses(List.of(NODE))
                .withFirstPort(LocalClusterSpec.firstFreePort(1, 23000));
        node = LocalCluster.start(spec, NacosDistributions.scan(LabHome.serverDistributions()), System.out::println);
        nodeAddress = node.node(1).address();
    }

    @AfterAll
    void stopTheNode() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void upgradeLabRunsFromTheUnpackedArchiveOutsideTheCheckout() throws Exception {
        assertThat(unpacked.resolve("pom.xml")).doesNotExist();
        assertThat(unpacked.resolve("runner/upgrade-lab-runner.jar")).isRegularFile();
        assertThat(unpacked.resolve("LICENSE")).content().contains("Apache License", "Version 2.0");

        HostCommand.Result version = HostCommand.run(List.of(unpacked.resolve("upgrade-lab").toString(), "--version"),
                Duration.ofMinutes(1), work);
        assertThat(version.exitCode()).as(version.output()).isZero();
        assertThat(version.output()).contains(VERSION);

        HostCommand.Result versions = HostCommand.run(List.of(unpacked.resolve("upgrade-lab").toString(), "versions"),
                Duration.ofMinutes(1), work);
        assertThat(versions.exitCode()).as(versions.output()).isZero();
        assertThat(versions.output()).contains("1.4.1", "2.0.4", unpacked.resolve("runner/nacos-servers/dist").toString());

        HostCommand.Result valid = HostCommand.run(List.of(unpacked.resolve("upgrade-lab").toString(), "validate",
                unpacked.resolve("experiments/nacos-1x-to-2x-ci.yaml").toString()), Duration.ofMinutes(1), work);
        assertThat(valid.exitCode()).as(valid.output()).isZero();

        // the fleet JVM from the archive's layout: its own help
        HostCommand.Result fleetHelp = HostCommand.run(List.of(unpacked.resolve("upgrade-lab").toString(), "serve",
                "fleet", "--dir", work.resolve("serve").toString(), "--", "--help"), Duration.ofMinutes(1), work);
        assertThat(fleetHelp.exitCode()).as(fleetHelp.output()).isZero();
        assertThat(fleetHelp.output()).contains("Usage: provider-fleet", "--servers");
    }

    @Test
    void theImageEntrypointShowsTheHelpOfTheFleetAndTheProbe() throws Exception {
        assertThat(image.entrypoint()).first().isEqualTo("/opt/java/bin/java");
        assertThat(image.root().resolve("opt/upgrade-lab/runner/nacos-servers")).as("nodes run Nacos's own images")
                .doesNotExist();

        HostCommand.Result serve = image.run(List.of("serve", "--help"), Map.of(), Duration.ofMinutes(1));
        assertThat(serve.exitCode()).as(serve.output()).isZero();
        assertThat(serve.output()).contains("Usage: upgrade-lab serve", "fleet", "probe", "demo-provider");

        HostCommand.Result fleet = image.run(List.of("serve", "fleet", "--", "--help"), Map.of(), Duration.ofMinutes(1));
        assertThat(fleet.exitCode()).as(fleet.output()).isZero();
        assertThat(fleet.output()).contains("Usage: provider-fleet", "--servers", "--control-port");

        HostCommand.Result probe = image.run(List.of("serve", "probe", "--client", "2.0.4", "--", "--help"), Map.of(),
                Duration.ofMinutes(1));
        assertThat(probe.exitCode()).as(probe.output()).isZero();
        assertThat(probe.output()).contains("--registry", "--rate", "--control-port");
    }

    @Test
    void theImagesFleetRegistersProvidersAtItsOwnAddress() throws Exception {
        Path log = work.resolve("image-fleet.log");
        try (ImageRoot.Running fleet = image.start(List.of("serve", "fleet", "--", "--servers", nodeAddress,
                "--services", "5", "--providers-per-client", "5"), Map.of("UPGRADE_LAB_ADDRESS", FLEET,
                ControlToken.VARIABLE, token.value()), log)) {
            URI control = control(fleet, "fleet");
            assertThat(control.getHost()).isEqualTo(FLEET);

            post(control.resolve("/scale?to=20&rate=50&client=2.0.4"));
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
                JsonNode state = JSON.readTree(get(control.resolve("/state")));
                assertThat(state.path("busy").asBoolean()).as(state.toString()).isFalse();
                assertThat(state.path("providers").path("2.0.4").asInt()).as(state.toString()).isEqualTo(20);
            });
            NacosApi api = NacosApi.of(nodeAddress);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(api.services().stream().mapToInt(s -> s.instances()).sum()).isEqualTo(20));
            assertThat(api.instances("providers:org.upgradelab.demo.LoadService000::"))
                    .hasSize(4).allSatisfy(i -> assertThat(i.ip()).isEqualTo(FLEET));

            post(control.resolve("/stop"));
            assertThat(fleet.awaitExit(Duration.ofMinutes(1))).as(fleet.output()).isZero();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(api.services().stream().mapToInt(s -> s.instances()).sum()).isZero());
        }
    }

    @Test
    void theImagesProbeCallsTheImagesDemoProvider() throws Exception {
        try (ImageRoot.Running demo = image.start(List.of("serve", "demo-provider", "--client", "2.0.4",
                "--servers", nodeAddress, "--port", "20880"), Map.of("UPGRADE_LAB_ADDRESS", DEMO),
                work.resolve("image-demo.log"))) {
            NacosApi api = NacosApi.of(nodeAddress);
            await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                    assertThat(api.instances("providers:org.upgradelab.demo.DemoService::"))
                            .singleElement().satisfies(i -> assertThat(i.ip()).isEqualTo(DEMO)));

            HostCommand.Result probe = image.run(List.of("serve", "probe", "--client", "2.0.4", "--",
                    "--registry", nodeAddress, "--rate", "20", "--duration", "10s", "--warm-up", "0s",
                    "--out", "/var/lib/upgrade-lab/probe-out"), Map.of("UPGRADE_LAB_ADDRESS", PROBE,
                    ControlToken.VARIABLE, token.value()),
                    Duration.ofMinutes(2));
            assertThat(probe.exitCode()).as(probe.output()).isZero();
            JsonNode totals = JSON.readTree(image.root().resolve("var/lib/upgrade-lab/probe-out/summary.json").toFile())
                    .path("totals");
            assertThat(totals.path("scheduled").asLong()).as(totals.toString()).isGreaterThanOrEqualTo(150);
            assertThat(totals.path("success").asLong()).as(totals.toString())
                    .isGreaterThan(totals.path("scheduled").asLong() * 9 / 10);
        }
    }

    /** The control channel a served process announces ({@code ... control on ADDRESS:PORT}). */
    private static URI control(ImageRoot.Running process, String what) {
        List<String> found = new ArrayList<>();
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(() -> {
            Matcher m = CONTROL.matcher(process.output());
            if (m.find()) {
                found.add("http://" + m.group(1) + ":" + m.group(2) + "/");
                return true;
            }
            assertThat(process.isAlive()).as(what + " exited: " + process.output()).isTrue();
            return false;
        });
        return URI.create(found.get(0));
    }

    /** With the run's control token, as the runner calls the control channel. */
    private String get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header(ControlToken.HEADER, token.authorization()).GET().build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private void post(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header(ControlToken.HEADER, token.authorization())
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(uri + ": " + response.body()).isLessThan(300);
    }
}
