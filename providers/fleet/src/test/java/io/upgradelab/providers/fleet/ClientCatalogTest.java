package io.upgradelab.providers.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.upgradelab.naming.ClientCatalog;
import io.upgradelab.naming.ConfigClient;
import io.upgradelab.naming.ConfigSettings;
import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.NamingClientFactory;
import io.upgradelab.naming.NamingSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shaded clients as the fleet finds them: by ServiceLoader, one per version, each under its own prefix. */
class ClientCatalogTest {

    private final ClientCatalog installed = ClientCatalog.installed();

    @Test
    void everyShadedJarOnTheClasspathIsAVersionReportingItsOwnVersion() {
        assertThat(installed.versions()).containsExactly("1.4.1", "2.0.4", "2.3.2", "2.5.1", "3.1.1");
        for (String version : installed.versions()) {
            NamingClientFactory factory = installed.factory(version);
            assertThat(factory.getClass().getName()).as("relocated with its client")
                    .isEqualTo("io.upgradelab.shaded.nacos_" + version.replace('.', '_') + ".adapter.NacosClientFactory");
        }
    }

    @Test
    void onlyTheOneXClientBeatsPerInstance() {
        assertThat(installed.versions()).filteredOn(installed::beatsPerInstance).containsExactly("1.4.1");
        assertThat(installed.beatsSent()).isZero();
    }

    @Test
    void shorthandsNameTheVersionsTheyStoodForAnyCase() {
        assertThat(installed.version("1X")).isEqualTo("1.4.1");
        assertThat(installed.version("2x")).isEqualTo("2.0.4");
        assertThat(installed.version("2.5.1")).isEqualTo("2.5.1");
        assertThatThrownBy(() -> installed.version("3x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown client version '3x': this JVM has 1.4.1, 2.0.4, 2.3.2, 2.5.1, 3.1.1 (shorthands:"
                        + " 1x = 1.4.1, 2x = 2.0.4)");
    }

    @Test
    void twoJarsClaimingOneVersionAreRefused() {
        NamingClientFactory one = installed.factory("2.3.2");
        assertThatThrownBy(() -> new ClientCatalog(List.of(one, one)))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("two shaded clients report version 2.3.2");
    }

    @Test
    void versionsAreListedInReleaseOrderNotAsText() {
        ClientCatalog catalog = new ClientCatalog(List.of(new Named("2.10.0"), new Named("2.5.1"), new Named("1.4.1"),
                new Named("2.9.9")));
        assertThat(catalog.versions()).containsExactly("1.4.1", "2.5.1", "2.9.9", "2.10.0");
        assertThat(catalog.version("2.10.0")).isEqualTo("2.10.0");
    }

    /** A version that only says its name: what the catalog keys and sorts by. */
    private record Named(String clientVersion) implements NamingClientFactory {

        @Override
        public boolean beatsPerInstance() {
            return false;
        }

        @Override
        public long beatsSent() {
            return 0;
        }

        @Override
        public NamingClient connect(NamingSettings settings) {
            throw new UnsupportedOperationException("names only");
        }

        @Override
        public ConfigClient connectConfigs(ConfigSettings settings) {
            throw new UnsupportedOperationException("names only");
        }
    }
}
