package io.upgradelab.probe.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.journal.ProbePhase;
import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.CompletedCall;
import io.upgradelab.probe.Outcome;
import io.upgradelab.probe.Phases;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's results.jtl is read by JMeter's own dashboard generator (JMeter 5.6.3 from Maven
 * Central, its bin/ unpacked from ApacheJMeter_config), with the counts and errors the probe wrote,
 * split by the phases the runner told the probe of.
 */
class JtlFileJMeterDashboardTest {

    @TempDir
    Path dir;

    @Test
    void jmetersDashboardGeneratorReadsTheProbesJtl() throws Exception {
        Path jtlDirectory = Files.createDirectories(dir.resolve("probe"));
        long start = 1_790_000_000_000L;
        try (JtlFile jtl = new JtlFile(jtlDirectory, "DemoService.sayHello")) {
            for (int i = 0; i < 300; i++) {
                CallOutcome outcome = i % 3 == 0
                        ? CallOutcome.failure(Outcome.NO_PROVIDER, new IllegalStateException(
                                "No provider available from registry 127.0.0.1:8848, for service \"demo\""))
                        : CallOutcome.success();
                jtl.ended(new CompletedCall(start + i * 10L, 1000 + i * 10L, outcome, outcome.succeeded() ? 40 : 0, 1));
            }
        }

        JsonNode statistics = dashboard(jtlDirectory, dir.resolve("report"));

        assertThat(statistics.get("DemoService.sayHello").get("sampleCount").asInt()).isEqualTo(300);
        assertThat(statistics.get("DemoService.sayHello").get("errorCount").asInt()).isEqualTo(100);
        assertThat(Files.readString(dir.resolve("report/content/js/dashboard.js")))
                .contains("noProvider/IllegalStateException: No provider available from registry 127.0.0.1:8848, "
                        + "for service &quot;demo&quot;");
    }

    /**
     * Calls before the first phase keep the call's label; after that each call carries the phase its
     * intended start fell in, whenever it ended (a slow call of phase 1 ending in phase 2 is phase 1's),
     * and JMeter's statistics have one row per phase with its own counts and errors.
     */
    @Test
    void jmetersDashboardSplitsTheCallsByThePhaseTheRunnerToldTheProbeOf() throws Exception {
        Path jtlDirectory = Files.createDirectories(dir.resolve("probe"));
        long start = 1_790_000_000_000L;
        Phases phases = new Phases();
        try (JtlFile jtl = new JtlFile(jtlDirectory, "DemoService.sayHello", phases)) {
            call(jtl, start, 0, CallOutcome.success());   // set-up: before any phase was told
            phases.began(new ProbePhase(1, "hold 10s at 120 providers", Instant.ofEpochMilli(start + 1_000)));
            for (int i = 0; i < 99; i++) {
                call(jtl, start + 1_000 + i * 10L, 5, CallOutcome.success());
            }
            phases.began(new ProbePhase(2, "rolling server upgrade to 2.0.4, then \"upgraded=true\"",
                    Instant.ofEpochMilli(start + 2_000)));
            call(jtl, start + 1_990, 2_500, CallOutcome.success());   // phase 1's, ended well into phase 2
            for (int i = 0; i < 200; i++) {
                call(jtl, start + 2_000 + i * 10L, 5, i % 4 == 0 ? CallOutcome.failure(Outcome.NO_PROVIDER,
                        new IllegalStateException("No provider available")) : CallOutcome.success());
            }
        }

        JsonNode statistics = dashboard(jtlDirectory, dir.resolve("report"));

        assertThat(statistics.get("DemoService.sayHello").get("sampleCount").asInt()).isEqualTo(1);
        JsonNode hold = statistics.get("phase 1: hold 10s at 120 providers");
        assertThat(hold.get("sampleCount").asInt()).isEqualTo(100);
        assertThat(hold.get("errorCount").asInt()).isZero();
        assertThat(hold.get("maxResTime").asDouble()).isEqualTo(2_500);
        JsonNode upgrade = statistics.get("phase 2: rolling server upgrade to 2.0.4, then \"upgraded=true\"");
        assertThat(upgrade.get("sampleCount").asInt()).isEqualTo(200);
        assertThat(upgrade.get("errorCount").asInt()).isEqualTo(50);
        assertThat(statistics.get("Total").get("sampleCount").asInt()).isEqualTo(301);
    }

    /** A call that intended to start at {@code intendedStart} (epoch milliseconds) and took {@code millis}. */
    private static void call(JtlFile jtl, long intendedStart, long millis, CallOutcome outcome) {
        jtl.ended(new CompletedCall(intendedStart, millis * 1000, outcome, outcome.succeeded() ? 40 : 0, 1));
    }

    /** JMeter's dashboard of the JTL in {@code jtlDirectory}, written to {@code report}: its statistics.json. */
    private JsonNode dashboard(Path jtlDirectory, Path report) throws Exception {
        Path home = dir.resolve("jmeter-home");
        unpackJMeterBin(home);
        // JMeter reads these while ReportGenerator's class loads: set them first
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.initLocale();
        JMeterUtils.setProperty("jmeter.reportgenerator.outputdir", report.toString());
        JMeterUtils.setProperty("jmeter.reportgenerator.temp_dir", dir.resolve("jmeter-temp").toString());

        new ReportGenerator(jtlDirectory.resolve(JtlFile.NAME).toString(), null).generate();

        assertThat(report.resolve("index.html")).isRegularFile();
        return new ObjectMapper().readTree(report.resolve("statistics.json").toFile());
    }

    /** JMETER_HOME/bin as the binary distribution has it, from the ApacheJMeter_config jar on the classpath. */
    private static void unpackJMeterBin(Path home) throws Exception {
        JarURLConnection connection = (JarURLConnection) JtlFileJMeterDashboardTest.class.getClassLoader()
                .getResource("bin/jmeter.properties").openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                Path target = home.resolve(entry.getName()).normalize();
                if (entry.isDirectory() || !entry.getName().startsWith("bin/") || !target.startsWith(home)) {
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = jar.getInputStream(entry)) {
                    Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
