package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.kinds.Kinds;
import org.junit.jupiter.api.Test;

/** The criteria a policy can name are found by the build's index of this module, not listed by hand. */
class CriterionKindsTest {

    @Test
    void theCriteriaAreFoundThroughTheirPackagePrivateInterfaceAndNoInterfaceIsOne() {
        assertThat(Kinds.named(Criterion.class)).contains(ProbeSuccess.class, LoadValid.class, UpgradeWithin.class)
                .allSatisfy(c -> assertThat(c.isInterface()).isFalse());
        assertThat(PolicyFile.criterionKinds()).contains("probeSuccess", "loadValid", "upgradeWithin");
    }
}
