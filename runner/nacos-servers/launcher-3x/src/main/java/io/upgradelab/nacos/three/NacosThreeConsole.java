package io.upgradelab.nacos.three;

import com.alibaba.nacos.console.NacosConsole;
import com.alibaba.nacos.core.listener.startup.NacosStartUp;
import com.alibaba.nacos.core.listener.startup.NacosStartUpManager;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * Boots the Nacos 3.x console alone, as 3.x's bootstrap does for {@code -Dnacos.deployment.type=console}:
 * one web context on the console's port ({@code nacos.console.port}), with no core context of its
 * own, that reaches the servers listed in its {@code cluster.conf} through their admin API. Its own
 * class, apart from {@link NacosThreeServer}'s contexts, because a console's class path need not
 * hold the server's.
 */
final class NacosThreeConsole {

    private NacosThreeConsole() {
    }

    static void start(String[] args) {
        NacosStartUpManager.start(NacosStartUp.CONSOLE_START_UP_PHASE);
        new SpringApplicationBuilder(NacosConsole.class).run(args);
    }
}
