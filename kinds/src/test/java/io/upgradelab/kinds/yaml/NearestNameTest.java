package io.upgradelab.kinds.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNameTest {

    @Test
    void suggestsTyposNotStrangers() {
        assertThat(NearestName.of("provders", List.of("kind", "providers", "rate"))).isEqualTo("providers");
        assertThat(NearestName.of("Rate", List.of("kind", "providers", "rate"))).isEqualTo("rate");
        assertThat(NearestName.of("colour", List.of("kind", "providers", "rate"))).isNull();
    }
}
