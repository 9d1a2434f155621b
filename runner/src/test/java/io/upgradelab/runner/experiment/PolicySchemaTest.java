package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.upgradelab.reports.gate.PolicyFile;
import io.upgradelab.reports.gate.PolicySchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * experiments/policy.schema.json is the one the criterion records make, every shipped policy is valid by it and
 * names it for editors, and it refuses what the gate's reader refuses for a field or a kind.
 */
class PolicySchemaTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final JsonSchema SCHEMA = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(PolicySchema.document());

    @Test
    void theCommittedSchemaIsTheOneTheCriteriaMake() throws IOException {
        Path committed = FakeDistributions.experiments().resolve("policy.schema.json");
        String made = ExperimentSchemaTest.text(PolicySchema.document());
        if (Boolean.getBoolean(ExperimentSchemaTest.WRITE)) {
            Files.writeString(committed, made);
        }
        assertThat(committed).as("regenerate with -D" + ExperimentSchemaTest.WRITE + "=true").hasContent(made.strip());
        assertThat(PolicySchema.document().at("/$defs/criterion/properties/kind/enum")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrderElementsOf(PolicyFile.criterionKinds());
    }

    @Test
    void everyShippedPolicyIsValidByItAndNamesItForEditors() throws IOException {
        List<Path> policies;
        try (Stream<Path> files = Files.list(FakeDistributions.experiments())) {
            policies = files.filter(f -> f.toString().endsWith(".policy.yaml")).sorted().toList();
        }
        assertThat(policies).isNotEmpty().allSatisfy(policy -> {
            assertThat(SCHEMA.validate(YAML.readTree(policy.toFile()))).as(policy.toString()).isEmpty();
            assertThat(policy).content().contains("\n# yaml-language-server: $schema=policy.schema.json\n");
        });
    }

    @Test
    void anUnknownFieldAWrongTypeAndAnUnknownKindAreRefused() throws IOException {
        assertThat(SCHEMA.validate(YAML.readTree("criteria:\n  - {kind: noProviderErrors, atMost: 0, atmost: 1}\n")))
                .isNotEmpty();
        assertThat(SCHEMA.validate(YAML.readTree("criteria:\n  - {kind: noProviderErrors, atMost: many}\n"))).isNotEmpty();
        assertThat(SCHEMA.validate(YAML.readTree("criteria:\n  - {kind: noProviderError, atMost: 0}\n"))).isNotEmpty();
        assertThat(SCHEMA.validate(YAML.readTree("criteria:\n  - {kind: prometheus, signal: a, atMost: 1,"
                + " phases: [2, rollingServerUpgrade], dryRun: true}\n"))).isEmpty();
    }
}
