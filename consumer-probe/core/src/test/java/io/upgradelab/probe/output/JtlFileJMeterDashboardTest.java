package io.upgradelab.probe.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.upgradelab.probe.CallOutcome;
import io.upgradelab.probe.CompletedCall;
import io.upgradelab.probe.Outcome;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's results.jtl is read by JMeter's own dashboard generator (JMeter 5.6.3 from Maven
 * Central, its bin/ unpacked from ApacheJMeter_config), with the counts and errors the probe wrote.
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

        Path home = dir.resolve("jmeter-home");
        Path report = dir.resolve("report");
        unpackJMeterBin(home);
        // JMeter reads these while ReportGenerator's class loads: set them first
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.initLocale();
        JMeterUtils.setProperty("jmeter.reportgenerator.outputdir", report.toString());
        JMeterUtils.setProperty("jmeter.reportgenerator.temp_dir", dir.resolve("jmeter-temp").toString());

        new ReportGenerator(jtlDirectory.resolve(JtlFile.NAME).toString(), null).generate();

        assertThat(report.resolve("index.html")).isRegularFile();
        JsonNode statistics = new ObjectMapper().readTree(report.resolve("statistics.json").toFile());
        assertThat(statistics.get("DemoService.sayHello").get("sampleCount").asInt()).isEqualTo(300);
        assertThat(statistics.get("DemoService.sayHello").get("errorCount").asInt()).isEqualTo(100);
        assertThat(Files.readString(report.resolve("content/js/dashboard.js")))
                .contains("noProvider/IllegalStateException: No provider available from registry 127.0.0.1:8848, "
                        + "for service &quot;demo&quot;");
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
