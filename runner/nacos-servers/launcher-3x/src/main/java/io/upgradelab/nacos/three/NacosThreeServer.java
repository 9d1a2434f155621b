package io.upgradelab.nacos.three;

import com.alibaba.nacos.NacosServerBasicApplication;
import com.alibaba.nacos.NacosServerWebApplication;
import com.alibaba.nacos.core.listener.startup.NacosStartUp;
import com.alibaba.nacos.core.listener.startup.NacosStartUpManager;
import com.alibaba.nacos.sys.env.Constants;
import com.alibaba.nacos.sys.env.DeploymentType;
import com.alibaba.nacos.sys.env.EnvUtil;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jmx.export.MBeanExporter;
import org.springframework.jmx.support.RegistrationPolicy;

/**
 * Boots a Nacos 3.x server from its jars, as 3.x's own bootstrap does, because the republished
 * server on Maven Central ships the contexts but not the bootstrap that starts them.
 *
 * <p>Nacos 3.x is several Spring contexts: a core one without web (membership, consistency,
 * persistence), then the server's web context (the client and admin APIs on the main port) as its
 * child, and in the {@code merged} deployment a console context on its own port. Each announces its
 * start-up phase first, so that 3.x's own start-up listeners and log lines are the ones an operator
 * knows ("Nacos Server API started successfully" once the APIs serve). The deployment type comes
 * from {@code -Dnacos.deployment.type} as with Nacos's own start script: the lab runs its nodes as
 * {@code server} and, where an experiment asks for it, the console as a process of its own
 * ({@code console}, {@link NacosThreeConsole}), the split 3.0 made. {@code merged} is not supported:
 * a console inside a node would hide that split.
 */
public final class NacosThreeServer {

    private static final String JMX_ENABLED = "spring.jmx.enabled";

    private NacosThreeServer() {
    }

    public static void main(String[] args) {
        String type = System.getProperty(Constants.NACOS_DEPLOYMENT_TYPE, Constants.NACOS_DEPLOYMENT_TYPE_SERVER);
        DeploymentType deployment = DeploymentType.getType(type);
        if (deployment != DeploymentType.SERVER && deployment != DeploymentType.CONSOLE) {
            throw new IllegalArgumentException("nacos.deployment.type=" + type + ": this starter runs the server"
                    + " (server) or the console (console), each as a process of its own");
        }
        EnvUtil.setDeploymentType(deployment);
        if (deployment == DeploymentType.CONSOLE) {
            NacosThreeConsole.start(args);
            return;
        }
        ConfigurableApplicationContext core = startCore(args);
        startServerApis(args, core);
    }

    private static ConfigurableApplicationContext startCore(String[] args) {
        NacosStartUpManager.start(NacosStartUp.CORE_START_UP_PHASE);
        ConfigurableApplicationContext core = new SpringApplicationBuilder(NacosServerBasicApplication.class)
                .web(WebApplicationType.NONE).run(args);
        if (core.getEnvironment().getProperty(JMX_ENABLED, Boolean.class, false)) {
            // the web context exports the same beans again
            core.getBean(MBeanExporter.class).setRegistrationPolicy(RegistrationPolicy.IGNORE_EXISTING);
        }
        return core;
    }

    private static void startServerApis(String[] args, ConfigurableApplicationContext core) {
        NacosStartUpManager.start(NacosStartUp.WEB_START_UP_PHASE);
        new SpringApplicationBuilder(NacosServerWebApplication.class).parent(core).run(args);
    }
}
