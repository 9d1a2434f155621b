package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The relocated property names really are the ones the shaded clients read. */
class ShadedPropertiesTest {

    @Test
    void eachGenerationReadsItsOwnRelocatedName() {
        assertThat(ShadedProperties.name(io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.naming.NamingService.class,
                ShadedProperties.NAMING_LOCAL_IP))
                .isEqualTo("io.upgradelab.shaded.nacos1x.com.alibaba.nacos.client.naming.local.ip");
        assertThat(ShadedProperties.name(io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.naming.NamingService.class,
                ShadedProperties.LOCAL_IP))
                .isEqualTo("io.upgradelab.shaded.nacos2x.com.alibaba.nacos.client.local.ip");
    }

    @Test
    void bothShadedClientsThenReportLoopbackAsTheirOwnAddress() {
        ShadedProperties.useLoopback(io.upgradelab.shaded.nacos1x.com.alibaba.nacos.api.naming.NamingService.class);
        ShadedProperties.useLoopback(io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.naming.NamingService.class);

        assertThat(io.upgradelab.shaded.nacos1x.com.alibaba.nacos.client.naming.utils.NetUtils.localIP()).isEqualTo("127.0.0.1");
        assertThat(io.upgradelab.shaded.nacos2x.com.alibaba.nacos.api.utils.NetUtils.localIP()).isEqualTo("127.0.0.1");
    }

    @Test
    void eachGenerationReportsItsOwnClientVersion() {
        assertThat(io.upgradelab.shaded.nacos1x.com.alibaba.nacos.common.utils.VersionUtils.version).isEqualTo("1.4.1");
        assertThat(io.upgradelab.shaded.nacos2x.com.alibaba.nacos.common.utils.VersionUtils.version).isEqualTo("2.0.4");
    }
}
