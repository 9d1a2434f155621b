package io.upgradelab.runner.cli;

import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.local.CpuLimit;
import io.upgradelab.runner.backend.local.LoopbackFirewall;
import io.upgradelab.runner.backend.local.LoopbackNetem;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Removes what runs that were killed (SIGKILL, a crash, a lost machine) left in the kernel, since a
 * killed runner cannot clean up after itself: a network fault's firewall chain goes on dropping
 * packets, a CPU limit's cgroup stays. The firewall's watchdog normally removes its chain already;
 * this is for the cases it could not (it was killed too, the machine rebooted mid-way) and for the
 * leftovers that have no watchdog. Only what names a dead runner is touched, except the tc qdisc,
 * whose handle names no runner.
 */
@Command(name = "cleanup", mixinStandardHelpOptions = true,
        description = {"Remove what killed runs left behind on this machine: iptables chains UPGRADE-LAB-PID of runners"
                + " that are gone (with their jump rule from INPUT), the CPU-limit cgroups upgrade-lab-PID-node-N of"
                + " runners that are gone (an empty one only: one that still holds a process is left), and a root"
                + " qdisc with the lab's handle 7ab1: on the loopback device.",
                "Run it when no run is going: a running fault's qdisc would go too (chains and cgroups of live runners"
                        + " are never touched).",
                "Prints one line per thing removed, or 'nothing to clean'. Needs root, like the faults it cleans up"
                        + " after."})
final class CleanupCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int removed = 0;
        boolean failed = false;
        List<Part> parts = List.of(
                new Part("iptables chains", () -> LoopbackFirewall.removeLeftovers().stream()
                        .map(chain -> "removed iptables chain " + chain + " and its jump from INPUT (its runner is gone)")
                        .toList()),
                new Part("CPU-limit cgroups", () -> CpuLimit.removeLeftovers().stream()
                        .map(group -> "removed cgroup " + group + " (its runner is gone)").toList()),
                new Part("the tc qdisc", () -> LoopbackNetem.removeLeftover()
                        ? List.of("removed the lab's root qdisc (handle 7ab1:) from the loopback device") : List.of()));
        for (Part part : parts) {
            try {
                List<String> lines = part.remove().get();
                lines.forEach(out::println);
                removed += lines.size();
            } catch (LabException e) {
                err.println("upgrade-lab: cleanup of " + part.what() + " failed: " + e.getMessage());
                failed = true;
            }
        }
        if (removed == 0 && !failed) {
            out.println("nothing to clean");
        }
        out.flush();
        err.flush();
        return failed ? LabException.FAILED : 0;
    }

    /** One kind of leftover: what it is, and its removal, answering one line per thing removed. */
    private record Part(String what, Supplier<List<String>> remove) {
    }
}
