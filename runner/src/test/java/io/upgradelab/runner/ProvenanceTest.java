package io.upgradelab.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The host and version a journal's first line records, for the report's first lines. */
class ProvenanceTest {

    @Test
    void theVersionIsTheBuildsAndTheHostTheKernels() throws Exception {
        // stamped by the build's resource filtering: neither missing ("unknown") nor left as ${project.version}
        assertThat(Provenance.toolVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(Provenance.host()).isEqualTo(Files.readString(Path.of("/proc/sys/kernel/hostname")).trim());
    }
}
