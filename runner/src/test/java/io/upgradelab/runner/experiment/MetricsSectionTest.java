package io.upgradelab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code metrics} section and {@code run --metrics-port} over it: where the live metrics are
 * served, on the runner's own address, loopback unless the file allows remote ones, never on every
 * address; the flag's port wins, and 0 turns them off.
 */
class MetricsSectionTest {

    private static final String PLAIN = ExperimentDir.HOLD_ON_2_0_4;

    @RegisterExtension
    final ExperimentDir files = new ExperimentDir("2.0.4");

    @Test
    void withoutTheSectionNothingIsServedAndAnEmptySectionServesAt9464OnLoopback() {
        assertThat(files.load(PLAIN).experiment().metrics()).isNull();
        assertThat(files.load(PLAIN + "metrics: {}\n").experiment().metrics())
                .isEqualTo(new MetricsSpec(9464, "127.0.0.1"));
    }

    @Test
    void theFlagsPortWinsOnTheFilesAddressAndZeroTurnsThemOff() {
        ValidatedExperiment file = files.load(PLAIN + "metrics: {port: 9100, address: 127.0.0.5}\n");
        assertThat(file.withMetricsPort(9200).experiment().metrics()).isEqualTo(new MetricsSpec(9200, "127.0.0.5"));
        assertThat(file.withMetricsPort(0).experiment().metrics()).isNull();
        assertThat(files.load(PLAIN).withMetricsPort(9300).experiment().metrics())
                .isEqualTo(new MetricsSpec(9300, "127.0.0.1"));
    }

    @Test
    void aPortOutOfRangeOrAnUnknownFieldIsRefusedAtItsLine() {
        assertThat(files.errors(PLAIN + "metrics: {port: 70000}\n")).singleElement().asString()
                .startsWith(files.file() + ":4: metrics.port: ").contains("65535");
        assertThat(files.errors(PLAIN + "metrics: {port: 0}\n")).singleElement().asString()
                .startsWith(files.file() + ":4: metrics.port: ");
        assertThat(files.errors(PLAIN + "metrics: {prot: 9100}\n")).singleElement().asString()
                .contains("did you mean 'port'?");
    }

    /** pod: the runner's own address at run time, which a runner Job has from its pod, off loopback. */
    @Test
    void podIsTheRunnersOwnAddressAtRunTimeAndNeedsTheOptIn() {
        assertThat(files.errors(PLAIN + "metrics: {address: pod}\n")).singleElement().asString()
                .startsWith(files.file() + ":4: metrics.address: pod: the runner's pod address is off loopback");
        assertThat(files.errors(PLAIN + "metrics: {address: pot}\n")).singleElement().asString()
                .startsWith(files.file() + ":4: metrics.address: ").contains("or pod");
        String remote = PLAIN.replace("{version: 2.0.4}", "{version: 2.0.4, allowRemote: true}");
        MetricsSpec pod = files.load(remote + "metrics: {address: pod}\n").experiment().metrics();

        assertThat(pod.onPodAddress()).isTrue();
        assertThat(pod.bindAddress(java.util.Map.of("UPGRADE_LAB_ADDRESS", "10.244.1.7"), true)).isEqualTo("10.244.1.7");
        assertThat(pod.bindAddress(java.util.Map.of(), true)).as("not in a pod: loopback").isEqualTo("127.0.0.1");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> pod.bindAddress(
                java.util.Map.of("UPGRADE_LAB_ADDRESS", "10.244.1.7"), false)).hasMessageContaining("off loopback");
    }

    @Test
    void anAddressOffLoopbackNeedsTheOptInAndTheWildcardIsNeverTaken() {
        assertThat(files.errors(PLAIN + "metrics: {address: 10.1.2.3}\n")).containsExactly(files.file()
                + ":4: metrics.address: 10.1.2.3 is not on loopback (127.0.0.0/8): the lab dials, binds and registers"
                + " addresses off this machine only when the file says so (target.allowRemote: true)");
        String remote = PLAIN.replace("{version: 2.0.4}", "{version: 2.0.4, allowRemote: true}");
        assertThat(files.load(remote + "metrics: {address: 10.1.2.3}\n").experiment().metrics().address())
                .isEqualTo("10.1.2.3");
        assertThat(files.errors(remote + "metrics: {address: 0.0.0.0}\n")).containsExactly(files.file()
                + ":4: metrics.address: 0.0.0.0 is every address of the machine: the lab binds, dials and advertises"
                + " one address per process (e.g. 127.0.0.1)");
        assertThat(files.errors(PLAIN + "metrics: {address: 0.0.0.0}\n")).hasSize(1);
    }
}
