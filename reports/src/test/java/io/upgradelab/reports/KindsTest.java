package io.upgradelab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.gate.Criterion;
import io.upgradelab.reports.gate.LoadValid;
import io.upgradelab.reports.gate.ProbeSuccess;
import io.upgradelab.reports.gate.UpgradeWithin;
import org.junit.jupiter.api.Test;

/** A kind is found by being written: named records through package-private interfaces, and plain classes made. */
class KindsTest {

    /** A kind's interface, and two kinds of it: one package-private, one abstract (never made). */
    interface Greeting {
        String text();
    }

    static final class Hello implements Greeting {
        @Override
        public String text() {
            return "hello";
        }
    }

    abstract static class Unfinished implements Greeting {
    }

    @Test
    void namedKindsAreFoundThroughAPackagePrivateInterfaceAndInterfacesAreNot() {
        assertThat(Kinds.named(Criterion.class)).contains(ProbeSuccess.class, LoadValid.class, UpgradeWithin.class)
                .allSatisfy(c -> assertThat(c.isInterface()).isFalse());
    }

    @Test
    void instancesAreMadeOfEveryConcreteClassEvenPackagePrivateOnes() {
        assertThat(Kinds.instances(Greeting.class)).singleElement().extracting(Greeting::text).isEqualTo("hello");
    }
}
