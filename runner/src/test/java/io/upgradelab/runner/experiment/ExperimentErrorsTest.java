package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.annotation.JsonTypeName;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.Storage;
import io.upgradelab.runner.fault.Faults;
import io.upgradelab.runner.observe.configs.ConfigsSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each kind of mistake a person makes in an experiment file: exit code 2, and an error naming the
 * file, the line, the field and what is wrong.
 */
class ExperimentErrorsTest {

    /** A valid file; each test breaks one line of it. */
    private static final String VALID = """
            name: errors
            target:
              version: 1.4.1
              nodes: 3
            fleet:
              rampRate: 200
            scale: 1
            phases:
              - kind: rampTo
                providers: 6000
              - kind: hold
                for: 3m
              - kind: rollingServerUpgrade
                to: 2.0.4
              - kind: rollingClientUpgrade
                to: 2x
              - kind: hold
                for: 1m
            """;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("1.4.1", "2.0.4");

    @Test
    void theBaseFileIsValid() {
        assertThat(files.load(VALID).experiment().phases()).hasSize(5);
    }

    @Test
    void aYamlSyntaxErrorNamesLineAndColumn() {
        String text = VALID.replace("    for: 3m\n", "    for: 3m\n  kind: [\n");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":13:3: YAML syntax: expected <block end>, but found '?' (while parsing a block collection"
                        + " on line 9); check the indentation, and quote values that contain ': '");
    }

    @Test
    void aColonInAnUnquotedValueIsASyntaxError() {
        String text = VALID.replace("name: errors", "name: errors: again");
        assertThat(files.errors(text)).singleElement().asString()
                .startsWith(files.file() + ":1:13: YAML syntax: mapping values are not allowed here");
    }

    @Test
    void aNameThatCannotNameARunDirectoryIsRefused() {
        for (String name : new String[] {"'../../etc'", "a/b", ".hidden", "'-x'"}) {
            String text = VALID.replace("name: errors", "name: " + name);
            assertThat(files.errors(text)).as(name).singleElement().asString().startsWith(files.file() + ":1: name: '")
                    .contains("cannot name a run directory");
        }
    }

    @Test
    void aHostileLongValueIsShownClippedAndAHostileLongDurationIsRefusedCleanly() {
        String text = VALID.replace("name: errors", "name: " + "x/".repeat(100_000))
                .replace("for: 3m", "for: " + "1s".repeat(20_000));
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":1: name: '" + "x/".repeat(30) + "... (200000 characters)' cannot name a run directory:"
                        + " use letters, digits, '.', '_' and '-', starting with a letter or digit, at most 100"
                        + " (e.g. nacos-1x-to-2x)",
                files.file() + ":12: phase 2.for: '" + "1s".repeat(30) + "... (40000 characters)' is not a duration:"
                        + " write e.g. 30s, 5m, 1m30s, 500ms");
    }

    @Test
    void aDuplicateFieldIsAnError() {
        String text = VALID.replace("    for: 3m\n", "    for: 3m\n    for: 4m\n");
        assertThat(files.errors(text)).containsExactly(files.file() + ":13:8: duplicate field 'for' (first set on line 12):"
                + " write each field once");
    }

    @Test
    void aMisspeltFieldSuggestsTheRightOneOnce() {
        String text = VALID.replace("    providers: 6000", "    provders: 6000");
        assertThat(files.errors(text)).containsExactly(files.file() + ":10: phase 1.provders: unknown field; did you mean"
                + " 'providers'? (a rampTo phase has: kind, providers, rate)");
    }

    @Test
    void anUnknownTopLevelFieldIsAnError() {
        String text = VALID.replace("scale: 1", "scale: 1\nobserve: 5s");
        assertThat(files.errors(text)).containsExactly(files.file() + ":8: observe: unknown field (an experiment has: name,"
                + " description, target, fleet, probe, observeEvery, observation, scale, abortWhen, phases, configs, metrics, signals)");
    }

    @Test
    void wrongTypesAndRangesAreErrorsAllAtOnce() {
        String text = VALID.replace("providers: 6000", "providers: -5").replace("scale: 1", "scale: 0")
                .replace("nodes: 3", "nodes: 2").replace("rampRate: 200", "rampRate: fast");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":4: target.nodes: a 2-node cluster is not a thing here: use 1 (standalone) or 3 and more",
                files.file() + ":6: fleet.rampRate: must be a number, not 'fast'",
                files.file() + ":7: scale: must be more than 0, not 0",
                files.file() + ":10: phase 1.providers: must be at least 0, not -5");
    }

    @Test
    void theConfigsSectionIsReadWithItsDefaultsAndItsMistakesAreNamedAtTheirLines() {
        Experiment withDefaults = files.load(VALID + "configs: {count: 3}\n").experiment();
        assertThat(withDefaults.configs()).isEqualTo(new ConfigsSpec(3, 1024, java.time.Duration.ofSeconds(30), 3,
                java.time.Duration.ofSeconds(10), 0));
        assertThat(files.load(VALID).experiment().configs()).isNull();

        assertThat(files.errors(VALID + "configs:\n  count: 0\n  sizeBytes: 10\n  changes: 5\n")).containsExactly(
                files.file() + ":20: configs.count: must be at least 1, not 0",
                files.file() + ":21: configs.sizeBytes: must be at least 64, not 10",
                files.file() + ":22: configs.changes: unknown field; did you mean 'changed'? (a configs section has: count,"
                        + " sizeBytes, changeEvery, changed, settle, alsoInPublic)");
        assertThat(files.errors(VALID + "configs:\n  count: 4\n  changed: 5\n  changeEvery: 500ms\n")).containsExactly(
                files.file() + ":21: configs.changed: 5 configs changed at once is more than the 4 published (count)",
                files.file() + ":22: configs.changeEvery: 500ms is too often: at least 1s");
    }

    @Test
    void aVersionYamlReadsAsANumberSaysToQuoteIt() {
        String text = VALID.replace("to: 2.0.4", "to: 2.0");
        assertThat(files.errors(text)).containsExactly(files.file() + ":14: phase 3.to: 2.0 is not a Nacos version:"
                + " write it like 2.0.4 (quote it if YAML reads it as a number)");
    }

    @Test
    void anUnknownPhaseKindIsOneErrorWithASuggestion() {
        String text = VALID.replace("- kind: rampTo", "- kind: rampUp");
        assertThat(files.errors(text)).containsExactly(files.file() + ":9: phase 1.kind: 'rampUp' is not one of: "
                + kinds(ExperimentBinder.PHASES) + "; did you mean 'rampTo'?");
    }

    @Test
    void anUnknownFaultIsAnError() {
        String text = VALID.replace("  - kind: hold\n    for: 1m\n",
                "  - kind: fault\n    fault: crash\n    node: 1\n    for: 30s\n");
        assertThat(files.errors(text)).containsExactly(files.file() + ":18: phase 5.fault: 'crash' is not one of: "
                + String.join(", ", Faults.names()));
    }

    @Test
    void aFaultTheBackendCannotDoIsAnErrorAtItsLineBeforeAnythingStarts() {
        String text = VALID.replace("  version: 1.4.1\n", "  version: 1.4.1\n  backend: testcontainers\n")
                .replace("  - kind: hold\n    for: 1m\n", "  - kind: fault\n    fault: delay\n    node: 1\n    for: 30s\n"
                        + "    delay: 200ms\n");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":19: phase 5.fault: backend testcontainers cannot disturb the network to a node"
                        + " (it can: kill a node, pause a node, restart a node, upgrade a node to another version)");
    }

    @Test
    void anUpgradeOfAnExternalClusterWithoutUpgradeCommandsIsAnError() {
        String text = VALID.replace("  version: 1.4.1\n  nodes: 3\n", "  version: 1.4.1\n  backend: external\n"
                + "  external:\n    addresses: [127.0.0.2:8848]\n").replace("  - kind: rollingClientUpgrade\n    to: 2x\n", "");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":15: phase 3: backend external cannot upgrade a node to"
                        + " another version (it can: nothing of the kind)");
    }

    @Test
    void anExternalSectionIsAnErrorForABackendThatStartsItsOwnNodes() {
        String text = VALID.replace("  version: 1.4.1\n", "  version: 1.4.1\n  external:\n    addresses: [127.0.0.1:8848]\n");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":4: target.external: the 'external' section is read by backend external only, and this"
                        + " experiment's backend is local: remove 'external', or use backend external");
    }

    @Test
    void aBackendsSectionUnderAnotherBackendIsAnErrorAtItsLineNamingBoth() {
        String kubernetes = VALID.replace("  version: 1.4.1\n", "  version: 1.4.1\n  kubernetes:\n    namespace: lab\n");
        String local = VALID.replace("  version: 1.4.1\n", "  version: 1.4.1\n  backend: kubernetes\n  local:\n"
                + "    storage: mysql\n");
        assertThat(files.errors(kubernetes)).containsExactly(files.file() + ":4: target.kubernetes: the 'kubernetes'"
                + " section is read by backend kubernetes only, and this experiment's backend is local: remove"
                + " 'kubernetes', or use backend kubernetes");
        assertThat(files.errors(local)).containsExactly(files.file() + ":5: target.local: the 'local' section is read"
                + " by backend local only, and this experiment's backend is kubernetes: remove 'local', or use backend"
                + " local");
        assertThat(files.load(local.replace("backend: kubernetes", "backend: local")).experiment().target().local()
                .storage()).isEqualTo(Storage.MYSQL);
    }

    @Test
    void aNetworkFaultWithoutItsFieldNamesTheField() {
        String delay = VALID.replace("  - kind: hold\n    for: 1m\n",
                "  - kind: fault\n    fault: delay\n    node: 1\n    for: 30s\n");
        String loss = VALID.replace("  - kind: hold\n    for: 1m\n",
                "  - kind: fault\n    fault: loss\n    node: 1\n    for: 30s\n    delay: 1s\n");
        assertThat(files.errors(delay)).containsExactly(
                files.file() + ":17: phase 5.delay: missing: a delay fault needs it (how much later each packet to the node"
                        + " arrives, e.g. 200ms)");
        assertThat(files.errors(loss)).containsExactly(
                files.file() + ":17: phase 5.percent: missing: a loss fault needs it (the share of packets to the node"
                        + " dropped, in percent, e.g. 30)",
                files.file() + ":21: phase 5.delay: unknown field (a loss fault has: kind, fault, node, for, percent,"
                        + " from)");
    }

    @Test
    void aFieldOfAnotherFaultIsUnknownToThisOne() {
        String text = VALID.replace("  - kind: hold\n    for: 1m\n",
                "  - kind: fault\n    fault: kill\n    node: 0\n    for: 30s\n    percent: 30\n");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":19: phase 5.node: must be at least 1, not 0",
                files.file() + ":21: phase 5.percent: unknown field (a kill fault has: kind, fault, node, for)");
    }

    @Test
    void aBadDurationIsAnError() {
        String text = VALID.replace("for: 3m", "for: 5 minutes").replace("for: 1m", "for: 60");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":12: phase 2.for: '5 minutes' is not a duration: write e.g. 30s, 5m, 1m30s, 500ms",
                files.file() + ":18: phase 5.for: 60 is not a duration: write a number and a unit, e.g. 30s, 5m,"
                        + " 1m30s, 500ms");
    }

    @Test
    void twoXClientsBeforeTheServerUpgradeIsAContextError() {
        String text = VALID.replace("  - kind: rollingServerUpgrade\n    to: 2.0.4\n", "");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":14: phase 3.to: 2.x clients are refused while the cluster runs in 1.x mode"
                        + " (nodes: [1.4.1, 1.4.1, 1.4.1]); put a rollingServerUpgrade to 2.x (awaitUpgraded) before this");
    }

    @Test
    void aScaleDownAboveTheFleetsSizeIsAContextError() {
        String text = VALID.replace("  - kind: hold\n    for: 3m\n", "  - kind: scaleDownTo\n    providers: 8000\n");
        assertThat(files.errors(text)).containsExactly(files.file() + ":12: phase 2.providers: scales down to 8000 providers"
                + " but the fleet has 6000 here: use rampTo to grow");
    }

    @Test
    void contextErrorsBeforeABrokenPhaseAreReportedWithIt() {
        String text = VALID.replace("  - kind: rollingServerUpgrade\n    to: 2.0.4\n", "")
                .replace("    for: 1m", "    for: 1 minute");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":14: phase 3.to: 2.x clients are refused while the cluster runs in 1.x mode (nodes:"
                        + " [1.4.1, 1.4.1, 1.4.1]); put a rollingServerUpgrade to 2.x (awaitUpgraded) before this",
                files.file() + ":16: phase 4.for: '1 minute' is not a duration: write e.g. 30s, 5m, 1m30s, 500ms");
    }

    @Test
    void aMissingRequiredFieldNamesWhatItIsFor() {
        String text = VALID.replace("    to: 2.0.4\n", "").replace("name: errors\n", "");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":1: name: missing: an experiment needs it (short name of the experiment, used in progress"
                        + " lines, the journal, the report and the run directory's name, e.g. nacos-1x-to-2x)",
                files.file() + ":12: phase 3.to: missing: a rollingServerUpgrade phase needs it (the Nacos version every"
                        + " node is upgraded to, e.g. 2.0.4)");
    }

    @Test
    void aMissingKindIsOneError() {
        String text = VALID.replace("  - kind: hold\n    for: 3m\n", "  - for: 3m\n");
        assertThat(files.errors(text)).containsExactly(
                files.file() + ":11: phase 2.kind: missing: a phase needs it (what the phase does)");
    }

    @Test
    void anEmptyFileIsAnError() {
        assertThat(files.errors("# nothing yet\n")).containsExactly(
                files.file() + ":1:1: the file is empty: an experiment needs at least name, target and phases");
    }

    @Test
    void aMissingFileIsInvalidInputNamingThePath() {
        Path missing = files.dir().resolve("nope.yaml");
        LabException e = catchThrowableOfType(() -> Experiments.load(missing, null, files.distributions()),
                LabException.class);
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.getMessage()).isEqualTo("experiment file not found: " + missing);
    }

    @Test
    void theMessageListsEveryErrorOnItsOwnLine() {
        String text = VALID.replace("providers: 6000", "providers: -5").replace("scale: 1", "scale: 0");
        InvalidExperimentException e = catchThrowableOfType(() -> files.load(text), InvalidExperimentException.class);
        assertThat(e.exitCode()).isEqualTo(LabException.INVALID_INPUT);
        assertThat(e.getMessage()).isEqualTo(files.file() + " is not a valid experiment (2 errors):\n"
                + files.file() + ":7: scale: must be more than 0, not 0\n"
                + files.file() + ":10: phase 1.providers: must be at least 0, not -5");
    }

    /** Every kind's name, in the order the schema lists them (by name). */
    private static String kinds(List<? extends Class<?>> types) {
        return types.stream().map(t -> t.getAnnotation(JsonTypeName.class).value()).sorted()
                .collect(Collectors.joining(", "));
    }
}
