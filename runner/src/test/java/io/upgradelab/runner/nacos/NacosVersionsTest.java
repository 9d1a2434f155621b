package io.upgradelab.runner.nacos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The one order of Nacos versions, server and client (naming-api's VersionOrder, shared by the fleet and the journal). */
class NacosVersionsTest {

    @Test
    void versionsSortByReleaseNotAsText() {
        List<String> versions = new ArrayList<>(List.of("2.10.0", "2.5.1", "1.4.1", "2.9.0", "2.0.4", "3.1.0-bugfix",
                "3.1.0", "2.2", "2.2.3"));
        versions.sort(NacosVersions.ORDER);
        assertThat(versions).containsExactly("1.4.1", "2.0.4", "2.2", "2.2.3", "2.5.1", "2.9.0", "2.10.0", "3.1.0",
                "3.1.0-bugfix");
    }

    @Test
    void shorthandsAndHugeNumbersCompareWithoutFailing() {
        assertThat(NacosVersions.ORDER.compare("1x", "2x")).isNegative();
        assertThat(NacosVersions.ORDER.compare("2.99999999999999999999", "2.5")).isPositive();
    }

    @Test
    void versionsSpelledApartStayApartAsKeys() {
        TreeMap<String, Integer> byVersion = new TreeMap<>(NacosVersions.ORDER);
        byVersion.put("2.0", 1);
        byVersion.put("2.00", 2);
        assertThat(byVersion).hasSize(2);
        assertThat(NacosVersions.ORDER.compare("2.3.2", "2.3.2")).isZero();
    }

    @Test
    void onlyTwoZeroAndTwoOneHaveTheOneXCompatibleMode() {
        assertThat(List.of("1.4.1", "2.0.4", "2.1.2", "2.2.3", "2.10.0")).filteredOn(NacosVersions::hasCompatibilityMode)
                .containsExactly("2.0.4", "2.1.2");
    }

    @Test
    void theThreeXLineFromThreeTwoOnHasNoV1Api() {
        assertThat(NacosVersions.withoutV1("3.2.4")).isTrue();
        assertThat(NacosVersions.withoutV1("3.3.0-BETA")).isTrue();
        assertThat(NacosVersions.withoutV1("3.1.0")).isFalse();
        assertThat(NacosVersions.withoutV1("2.5.4")).isFalse();
        assertThat(NacosVersions.withoutV1("9.9.9")).as("a line not known here").isFalse();
    }
}
