package io.upgradelab.runner.backend.local;

import java.util.List;

/**
 * A runner stand-in for LoopbackFirewallRealTest, in a JVM of its own: opens the loopback firewall,
 * drops the packets to 127.0.0.7, prints {@code ready WATCHDOG_PID} and waits to be killed. Should
 * nobody kill it, it ends by itself after ten minutes (and its watchdog cleans up).
 */
public final class FirewallHolder {

    private FirewallHolder() {
    }

    public static void main(String[] args) throws InterruptedException {
        LoopbackFirewall firewall = LoopbackFirewall.open(System.err::println);
        firewall.drop(List.of(PacketMatch.to("127.0.0.7")), 100, List.of());
        System.out.println("ready " + firewall.watchdog().pid());
        System.out.flush();
        Thread.sleep(600_000);
    }
}
