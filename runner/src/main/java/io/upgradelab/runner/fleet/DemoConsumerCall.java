package io.upgradelab.runner.fleet;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.dubbo.DubboJvm;
import io.upgradelab.runner.dubbo.DubboProgram;
import io.upgradelab.runner.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One call of the demo service by a real Dubbo consumer on a given nacos-client version, in a JVM of
 * its own: the smallest proof that the demo providers answer through the registry.
 *
 * @param answered whether the call succeeded
 * @param line     {@code ANSWER: ...} or {@code CALL FAILED: <class> code=<n>: <message>}
 */
public record DemoConsumerCall(boolean answered, String line) {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    public static DemoConsumerCall once(String client, String servers, String name, Path directory) {
        List<String> command = DubboJvm.command(DubboProgram.DEMO_PROVIDER, client, directory,
                DubboJvm.consumerProperties(client),
                "org.upgradelab.demo.provider.DemoConsumer", List.of(servers, name));
        Path log = directory.resolve("consumer-" + System.nanoTime() + ".log");
        ChildProcess consumer = ChildProcess.start("demo-consumer-" + client, command, Map.of(), directory, log);
        if (!consumer.awaitExit(TIMEOUT)) {
            consumer.kill();
            throw new LabException(LabException.FAILED, "the demo consumer did not finish within "
                    + TIMEOUT.toSeconds() + " s", log, List.of());
        }
        try {
            String line = Files.readAllLines(log).stream().filter(l -> l.startsWith("ANSWER: ") || l.startsWith("CALL FAILED: "))
                    .findFirst().orElseThrow(() -> new LabException(LabException.FAILED,
                            "the demo consumer exited with " + consumer.exitCode() + " and no answer", log, List.of()));
            return new DemoConsumerCall(line.startsWith("ANSWER: "), line);
        } catch (IOException e) {
            throw new LabException(LabException.FAILED, "cannot read " + log + ": " + e);
        }
    }
}
