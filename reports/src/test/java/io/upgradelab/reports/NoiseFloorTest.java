package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.reports.NoiseFloor.FamilyNoise;
import io.upgradelab.reports.html.RunTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The noise floor of repeats of one experiment: none from a run against its own copy; from the committed
 * A/A runs of the CI-size experiment (same code, same experiment, one after the other on this machine),
 * the false alarms and floors compare and a baseline criterion would meet; and its file read back as written.
 */
class NoiseFloorTest {

    @TempDir
    Path dir;

    @Test
    void aRunAndItsCopyHaveNoNoise() throws IOException {
        Path run = RecordedRuns.ciSizeRun(dir.resolve("run"));

        NoiseFloor noise = NoiseFloor.of(List.of(repeat(run), repeat(run)));

        assertThat(noise.pairs()).isEqualTo(1);
        assertThat(noise.baselineFalseAlarms()).isZero();
        assertThat(noise.families()).extracting(FamilyNoise::family).containsExactly("p99", "success", "cpu", "instances");
        assertThat(noise.families()).filteredOn(f -> f.judged() > 0).isNotEmpty().allSatisfy(f -> {
            assertThat(f.falseAlarms()).isZero();
            assertThat(f.floor()).isZero();
            assertThat(f.belowFloor()).isFalse();
        });
    }

    /** The committed full-observation A/A runs: the same experiment three times disagrees beyond the minimum effects. */
    @Test
    void threeRepeatsOfTheCiSizeExperimentRaiseFalseAlarmsAndAFloorAboveTheCpuMinimumEffect() throws IOException {
        List<NoiseFloor.Repeat> repeats = List.of(committed("full-1"), committed("full-2"), committed("full-3"));

        NoiseFloor noise = NoiseFloor.of(repeats);

        assertThat(noise.pairs()).isEqualTo(3);
        assertThat(noise.orderedPairs()).isEqualTo(6);
        assertThat(noise.baselineFalseAlarms()).as("a baseline criterion over everything fails some A/A pair")
                .isPositive();
        FamilyNoise cpu = noise.families().get(2);
        assertThat(cpu.judged()).isGreaterThanOrEqualTo(12);
        assertThat(cpu.falseAlarms()).isPositive();
        assertThat(cpu.floor()).as("CPU points between repeats").isGreaterThan(cpu.smallestMinEffect());
        assertThat(cpu.belowFloor()).isTrue();
        assertThat(noise.floors()).containsKeys("p99", "cpu");
        assertThat(NoiseMarkdown.render(noise)).contains("## Noise floor: 3 repeats, 3 pairs", "| cpu | ",
                "**not seen**", "    noise: {");
    }

    @Test
    void itsFileIsReadBackAsWrittenAndAnotherFormatIsRefused() throws IOException {
        Path run = RecordedRuns.ciSizeRun(dir.resolve("run"));
        NoiseFloor noise = NoiseFloor.of(List.of(repeat(run), repeat(run)));
        Path file = Files.writeString(dir.resolve(NoiseFloor.FILE_NAME), noise.json());

        assertThat(NoiseFloor.read(file)).isEqualTo(noise);

        Files.writeString(file, noise.json().replace("\"format\" : 1", "\"format\" : 9"));
        assertThatThrownBy(() -> NoiseFloor.read(file)).hasMessageContaining("format 9, this build reads 1");
        assertThatThrownBy(() -> NoiseFloor.of(List.of(repeat(run)))).hasMessageContaining("at least two repeats");
    }

    private NoiseFloor.Repeat committed(String name) throws IOException {
        return repeat(RecordedRuns.committedRun("observation-ab/nacos-1x-to-2x-ci/" + name, dir.resolve(name)));
    }

    private static NoiseFloor.Repeat repeat(Path run) {
        JournalFile journal = JournalFile.read(run);
        return new NoiseFloor.Repeat(run.toString(), RunSummaries.of(journal), RunTimeline.of(journal));
    }
}
