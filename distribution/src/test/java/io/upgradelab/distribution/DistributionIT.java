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
    /** Where ./mvnw package leaves what a team downloads. */
    private static final Path RELEASE = Path.of(System.getProperty("upgradelab.release", "target/release"));
    private static final String NODE = "127.0.0.61";
    private static final String FLEET = "127.0.0.62";
    private static final String DEMO = "127.0.0.63";
    private static final String PROBE = "127.0.0.64";
    private static final String RUNNER_NODE = "127.0.0.65";
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
        unpacked = unpack(RELEASE.resolve("upgrade-lab-" + VERSION + ".tar.gz"), work.resolve("archive"));
        image = ImageRoot.unpack(RELEASE.resolve("upgrade-lab-" + VERSION + "-image.tar"), work.resolve("image"), "amd64");

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

    @Test
    void theReleaseHasBothTarballsTheImageAnSbomAndTheirChecksums() throws Exception {
        List<String> files = List.of("upgrade-lab-" + VERSION + ".tar.gz", "upgrade-lab-" + VERSION + "-runner.tar.gz",
                "upgrade-lab-" + VERSION + "-image.tar", "upgrade-lab-" + VERSION + "-sbom.json");
        String sums = Files.readString(RELEASE.resolve("SHA256SUMS"));
        files.forEach(file -> assertThat(sums).as("SHA256SUMS").contains(" *" + file + "\n"));
        HostCommand.Result check = HostCommand.run(List.of("sha256sum", "--check", "--strict", "SHA256SUMS"),
                Duration.ofMinutes(2), RELEASE);
        assertThat(check.exitCode()).as(check.output()).isZero();
        assertThat(check.output().lines().filter(line -> line.endsWith(": OK"))).hasSize(files.size());

        JsonNode sbom = JSON.readTree(RELEASE.resolve("upgrade-lab-" + VERSION + "-sbom.json").toFile());
        assertThat(sbom.path("bomFormat").asText()).isEqualTo("CycloneDX");
        List<String> components = new ArrayList<>();
        sbom.path("components").forEach(c -> components.add(c.path("group").asText() + ":" + c.path("name").asText()));
        assertThat(components).contains("io.upgradelab:upgrade-lab-runner", "info.picocli:picocli");
        assertThat(components).anyMatch(c -> c.startsWith("org.apache.dubbo:"))
                .anyMatch(c -> c.startsWith("io.upgradelab:nacos-client-"));

        long full = Files.size(RELEASE.resolve(files.get(0)));
        long runner = Files.size(RELEASE.resolve(files.get(1)));
        assertThat(runner).as("the runner tarball leaves the servers out").isLessThan(full / 2);
    }

    @Test
    void theImageIsForAmd64AndArm64RunsAsANonRootUserAndHasAShellAndTar() throws Exception {
        Path layout = work.resolve("image/layout");
        JsonNode index = JSON.readTree(layout.resolve("index.json").toFile());
        assertThat(index.at("/manifests/0/mediaType").asText()).isEqualTo("application/vnd.oci.image.index.v1+json");
        String name = System.getProperty("upgradelab.image.name");
        JsonNode annotations = index.at("/manifests/0/annotations");
        assertThat(annotations.path("org.opencontainers.image.ref.name").asText()).isEqualTo("docker.io/library/" + name);
        assertThat(annotations.path("io.containerd.image.name").asText()).isEqualTo("docker.io/library/" + name);
        JsonNode platforms = JSON.readTree(ImageRoot.blob(layout, index.at("/manifests/0/digest").asText()).toFile());
        List<String> architectures = new ArrayList<>();
        platforms.path("manifests").forEach(m -> architectures.add(m.at("/platform/os").asText() + "/"
                + m.at("/platform/architecture").asText()));
        assertThat(architectures).containsExactlyInAnyOrder("linux/amd64", "linux/arm64");

        for (String architecture : List.of("amd64", "arm64")) {
            JsonNode manifest = JSON.readTree(ImageRoot.blob(layout, ImageRoot.manifestFor(layout, architecture)).toFile());
            JsonNode config = JSON.readTree(ImageRoot.blob(layout, manifest.at("/config/digest").asText()).toFile());
            assertThat(config.path("architecture").asText()).isEqualTo(architecture);
            assertThat(config.path("os").asText()).isEqualTo("linux");
            assertThat(config.at("/config/User").asText()).as("non-root").isEqualTo("65532:65532");
            assertThat(config.at("/config/Entrypoint/0").asText()).isEqualTo("/opt/java/bin/java");
            assertThat(config.at("/config/Entrypoint").toString()).contains("io.upgradelab.runner.cli.UpgradeLab");
            assertThat(config.at("/config/WorkingDir").asText()).isEqualTo("/var/lib/upgrade-lab");
            assertThat(config.at("/config/Labels/org.opencontainers.image.version").asText()).isEqualTo(VERSION);
            assertThat(config.at("/config/Labels/org.opencontainers.image.licenses").asText()).isEqualTo("Apache-2.0");
        }
        // the arm64 image's programs are arm64's: its JRE and BusyBox, ELF for machine 183 (AArch64)
        ImageRoot arm64 = ImageRoot.unpack(RELEASE.resolve("upgrade-lab-" + VERSION + "-image.tar"),
                work.resolve("image-arm64"), "arm64");
        assertThat(elfMachine(arm64.root().resolve("opt/java/bin/java"))).isEqualTo(183);
        assertThat(elfMachine(arm64.root().resolve("opt/java/lib/server/libjvm.so"))).isEqualTo(183);
        assertThat(elfMachine(arm64.root().resolve("bin/tar"))).isEqualTo(183);
        assertThat(elfMachine(image.root().resolve("opt/java/bin/java"))).as("x86-64").isEqualTo(62);
        assertThat(Files.readString(image.root().resolve("etc/passwd"))).contains("upgrade-lab:x:65532:65532:");

        // kubectl exec has a shell, and kubectl cp (tar) gets a run's files out
        Files.writeString(image.root().resolve("var/lib/upgrade-lab/journal.jsonl"), "{}\n");
        HostCommand.Result tar = image.runCommand(List.of("/bin/sh", "-c", "tar -cf - -C /var/lib/upgrade-lab . | tar -tf -"),
                Duration.ofMinutes(1));
        assertThat(tar.exitCode()).as(tar.output()).isZero();
        assertThat(tar.output()).contains("./journal.jsonl");
    }

    @Test
    void theRunnerTarballBuildsAServerOnFirstUseAndStartsIt() throws Exception {
        Path home = unpack(RELEASE.resolve("upgrade-lab-" + VERSION + "-runner.tar.gz"), work.resolve("runner-tarball"));
        assertThat(home.resolve("runner/nacos-servers/dist")).doesNotExist();
        Path launcher = home.resolve("upgrade-lab");

        HostCommand.Result versions = HostCommand.run(List.of(launcher.toString(), "versions"), Duration.ofMinutes(1), work);
        assertThat(versions.exitCode()).as(versions.output()).isZero();
        assertThat(versions.output()).contains("1.4.1    built on first use", "3.1.0    built on first use");
        HostCommand.Result valid = HostCommand.run(List.of(launcher.toString(), "validate",
                home.resolve("experiments/nacos-1x-to-2x-ci.yaml").toString()), Duration.ofMinutes(1), work);
        assertThat(valid.exitCode()).as(valid.output()).isZero();

        int port = LocalClusterSpec.firstFreePort(1, 24000);
        Path log = work.resolve("runner-cluster-up.log");
        Process up = new ProcessBuilder(launcher.toString(), "cluster", "up", "--server-version", "1.4.1", "--nodes", "1",
                "--addresses", RUNNER_NODE, "--port", String.valueOf(port), "--dir", work.resolve("runner-cluster").toString())
                .directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            await().atMost(Duration.ofMinutes(8)).pollInterval(Duration.ofSeconds(1)).until(() -> {
                assertThat(up.isAlive()).as(Files.readString(log)).isTrue();
                return Files.readString(log).contains("Ready.");
            });
            assertThat(Files.readString(log)).contains("Nacos 1.4.1 is not built here yet: building it once",
                    "Nacos 1.4.1 built: " + home.resolve("runner/nacos-servers/dist/1.4.1"));
            assertThat(NacosApi.of(RUNNER_NODE + ":" + port).services()).isEmpty();
            up.getOutputStream().write("quit\n".getBytes());
            up.getOutputStream().flush();
            assertThat(up.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).as(Files.readString(log)).isTrue();
            assertThat(up.exitValue()).as(Files.readString(log)).isZero();
        } finally {
            if (up.isAlive()) {
                HostCommand.stop(up);
            }
        }
        HostCommand.Result built = HostCommand.run(List.of(launcher.toString(), "versions"), Duration.ofMinutes(1), work);
        assertThat(built.output()).contains(home.resolve("runner/nacos-servers/dist/1.4.1").toString())
                .doesNotContain("1.4.1    built on first use");
    }

    private static Path unpack(Path tarball, Path into) throws IOException, InterruptedException {
        assertThat(tarball).as("built by ./mvnw package").isRegularFile();
        Files.createDirectories(into);
        HostCommand.Result untar = HostCommand.run(List.of("tar", "-xzf", tarball.toString(), "-C", into.toString()),
                Duration.ofMinutes(3));
        assertThat(untar.exitCode()).as(untar.output()).isZero();
        return into.resolve("upgrade-lab-" + VERSION);
    }

    /** The e_machine of an ELF file: 62 x86-64, 183 AArch64. */
    private static int elfMachine(Path file) throws IOException {
        byte[] header = new byte[20];
        try (var in = Files.newInputStream(file)) {
            assertThat(in.readNBytes(header, 0, 20)).isEqualTo(20);
        }
        assertThat(new String(header, 1, 3, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("ELF");
        return (header[18] & 0xff) | (header[19] & 0xff) << 8;
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
