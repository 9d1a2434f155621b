package io.upgradelab.kinds.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.junit.jupiter.api.Test;

class RecordFieldNamesTest {

    record Renamed(@JsonProperty("atMostPercent") double limit, int count) {
    }

    @Test
    void aRenamedComponentIsNamedAsJacksonBindsIt() {
        assertThat(RecordFieldNames.of(Renamed.class)).containsExactly("atMostPercent", "count");
    }
}
