package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.upgradelab.kinds.yaml.SourceLines;
import org.junit.jupiter.api.Test;

/** Reading YAML keeps where every field is, and a broken file says where it broke. */
class ExperimentFileTest {

    private static final String TEXT = """
            # comment lines count too
            name: lines
            target:
              version: 1.4.1
            phases:
              - kind: rampTo
                providers: 6000
              - {kind: hold, for: 3m}
              -
                kind: rollingServerUpgrade
                to: "2.0.4"
            """;

    @Test
    void everyFieldHasTheLineAndColumnOfItsKey() {
        ExperimentFile file = ExperimentFile.parse("f.yaml", TEXT);
        SourceLines lines = file.lines();
        assertThat(lines.exact("/name")).contains(new SourceLines.Position(2, 1));
        assertThat(lines.exact("/target/version")).contains(new SourceLines.Position(4, 3));
        assertThat(lines.exact("/phases/0")).contains(new SourceLines.Position(6, 5));
        assertThat(lines.exact("/phases/0/providers")).contains(new SourceLines.Position(7, 5));
        assertThat(lines.exact("/phases/1/for")).contains(new SourceLines.Position(8, 18));
        assertThat(lines.lineOf("/phases/2/to")).isEqualTo(11);
    }

    @Test
    void aMissingFieldIsPlacedAtItsObject() {
        SourceLines lines = ExperimentFile.parse("f.yaml", TEXT).lines();
        assertThat(lines.exact("/phases/0/rate")).isEmpty();
        assertThat(lines.lineOf("/phases/0/rate")).isEqualTo(6);
        assertThat(lines.lineOf("/fleet/services")).isEqualTo(2);   // the root starts at its first field
    }

    @Test
    void theTreeHoldsTheValuesWithTheirYamlTypes() {
        ExperimentFile file = ExperimentFile.parse("f.yaml", TEXT);
        assertThat(file.tree().at("/phases/0/providers").isInt()).isTrue();
        assertThat(file.tree().at("/phases/2/to").asText()).isEqualTo("2.0.4");
        assertThat(file.tree().at("/target/version").isTextual()).isTrue();
    }

    @Test
    void fieldPathsReadAsPeopleWriteThem() {
        ExperimentFile file = ExperimentFile.parse("f.yaml", TEXT);
        assertThat(ExperimentError.field("/phases/2/to", file.tree())).isEqualTo("phase 3.to");
        assertThat(ExperimentError.field("/phases/0/provders", file.tree())).isEqualTo("phase 1.provders");
        assertThat(ExperimentError.field("/target", file.tree())).isEqualTo("target");
        assertThat(ExperimentError.field("", file.tree())).isEmpty();
    }

    @Test
    void aSecondDocumentIsAnError() {
        InvalidExperimentException e = catchThrowableOfType(
                () -> ExperimentFile.parse("f.yaml", "name: a\n---\nname: b\n"), InvalidExperimentException.class);
        assertThat(e.errors()).singleElement().asString()
                .isEqualTo("f.yaml:3:1: a second YAML document ('---'): an experiment file holds one experiment");
    }

    @Test
    void aTabIndentIsASyntaxErrorAtItsPlace() {
        InvalidExperimentException e = catchThrowableOfType(
                () -> ExperimentFile.parse("f.yaml", "name: a\ntarget:\n\tversion: 1.4.1\n"), InvalidExperimentException.class);
        assertThat(e.errors()).singleElement().asString().startsWith("f.yaml:3:1: YAML syntax: ");
    }
}
