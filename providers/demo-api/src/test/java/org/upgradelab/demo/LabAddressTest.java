package org.upgradelab.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The loopback rule every lab process applies to the addresses it is given. */
class LabAddressTest {

    @Test
    void loopbackIsTheWhole127BlockLocalhostAndV6Loopback() {
        assertThat(LabAddress.isLoopback("127.0.0.1")).isTrue();
        assertThat(LabAddress.isLoopback("127.0.0.13")).isTrue();
        assertThat(LabAddress.isLoopback("127.255.1.2")).isTrue();
        assertThat(LabAddress.isLoopback("localhost")).isTrue();
        assertThat(LabAddress.isLoopback("[::1]")).isTrue();
        assertThat(LabAddress.isLoopback("10.0.0.5")).isFalse();
        assertThat(LabAddress.isLoopback("128.0.0.1")).isFalse();
        assertThat(LabAddress.isLoopback("127.example.com")).as("a name that starts like one").isFalse();
        assertThat(LabAddress.isLoopback("nacos-1")).isFalse();
    }

    @Test
    void ipv4LiteralsOnly() {
        assertThat(LabAddress.isIpv4("127.0.0.21")).isTrue();
        assertThat(LabAddress.isIpv4("127.0.0.256")).isFalse();
        assertThat(LabAddress.isIpv4("127.0.0")).isFalse();
        assertThat(LabAddress.isIpv4("nacos-1")).isFalse();
    }

    @Test
    void serversOffLoopbackAreRefusedWithoutTheOptIn() {
        LabAddress.checkServers("127.0.0.11:8848, 127.0.0.12:8848,localhost:8848");
        assertThat(LabAddress.registry("127.0.0.11:8848")).isEqualTo("nacos://127.0.0.11:8848");
        assertThatThrownBy(() -> LabAddress.checkServers("127.0.0.11:8848,10.1.2.3:8848"))
                .hasMessageContaining("10.1.2.3:8848 is not on loopback").hasMessageContaining("UPGRADE_LAB_ALLOW_REMOTE");
    }

    @Test
    void withoutTheVariableAProcessIs127001() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv(LabAddress.ADDRESS_VARIABLE) == null);
        assertThat(LabAddress.own()).isEqualTo("127.0.0.1");
    }
}
