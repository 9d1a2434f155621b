package io.upgradelab.runner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FleetScaleTest {

    @Test
    void aScaledCountIsRoundedAndAtLeastOneUnlessZero() {
        FleetScale ci = new FleetScale(0.02, 200);
        assertThat(ci.providers(6000)).isEqualTo(120);
        assertThat(ci.providers(10)).isEqualTo(1);
        assertThat(ci.providers(0)).isZero();
        assertThat(new FleetScale(0.5, 200).providers(5)).isEqualTo(3);
    }

    @Test
    void aCountBeyondTheMostIsMarkedNeverWrappedAround() {
        FleetScale huge = new FleetScale(FleetScale.MAX_FACTOR, 200);
        assertThat(huge.providers(1_000_000)).isEqualTo(FleetScale.MAX_PROVIDERS + 1);
        assertThat(new FleetScale(1e300, 200).providers(6000)).isEqualTo(FleetScale.MAX_PROVIDERS + 1);
        assertThat(huge.providers(1000)).isEqualTo(FleetScale.MAX_PROVIDERS);
    }
}
