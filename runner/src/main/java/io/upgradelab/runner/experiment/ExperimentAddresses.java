package io.upgradelab.runner.experiment;

import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.plan.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.upgradelab.demo.LabAddress;

/**
 * Every address an experiment names, each with where the file names it. The lab dials, binds and
 * advertises these and nothing else; loopback (127.0.0.0/8) unless the file opts in with
 * {@code target.allowRemote}. Why in one place: {@code validate} refuses a remote address at its
 * line, and {@code plan} and {@code run} print every remote one before anything starts, from the
 * same list.
 */
public final class ExperimentAddresses {

    private static final String WILDCARD = "0.0.0.0";

    /**
     * One address of the experiment.
     *
     * @param pointer where the file names it, e.g. {@code /target/nodeAddresses/1}
     * @param what    what it is, for people, e.g. "node 2"
     * @param host    the host part as written (no port)
     */
    public record Named(String pointer, String what, String host) {

        public boolean remote() {
            return !LabAddress.isLoopback(host);
        }

        @Override
        public String toString() {
            return what + " " + host + " (" + pointer + ")";
        }
    }

    private ExperimentAddresses() {
    }

    /**
     * Every address the file names, in file order: the nodes', then the fleet's, the probe's, the demo
     * providers' and, with a {@code metrics} section, the live metrics'.
     */
    public static List<Named> of(Experiment experiment) {
        List<Named> all = new ArrayList<>();
        Target target = experiment.target();
        for (int i = 0; i < target.nodeAddresses().size(); i++) {
            all.add(new Named("/target/nodeAddresses/" + i, "node " + (i + 1), target.nodeAddresses().get(i)));
        }
        if (target.external() != null) {
            List<String> external = target.external().addresses();
            for (int i = 0; i < external.size(); i++) {
                all.add(new Named("/target/external/addresses/" + i, "node " + (i + 1), host(external.get(i))));
            }
        }
        all.add(new Named("/fleet/address", "the fleet", experiment.fleet().address()));
        all.add(new Named("/probe/address", "the probe", experiment.probe().address()));
        all.add(new Named("/probe/demoAddress", "the demo providers", experiment.probe().demoAddress()));
        if (experiment.metrics() != null) {
            all.add(new Named("/metrics/address", "the live metrics", experiment.metrics().address()));
        }
        return List.copyOf(all);
    }

    /** The addresses off loopback: what {@code plan} and {@code run} print first. */
    public static List<Named> remote(Experiment experiment) {
        return of(experiment).stream().filter(Named::remote).toList();
    }

    /**
     * What {@code plan} and {@code run} say of the addresses: where each process is, when any is not
     * the default 127.0.0.1, and a line naming every remote target, which is there only with the
     * opt-in. Empty when everything is on 127.0.0.1.
     */
    public static List<String> lines(Experiment experiment) {
        List<Named> all = of(experiment);
        List<String> lines = new ArrayList<>();
        if (all.stream().anyMatch(a -> !a.host().equals(LabAddress.DEFAULT))) {
            lines.add("addresses: " + all.stream().map(a -> a.what() + " " + a.host()).collect(Collectors.joining(", ")));
        }
        List<Named> remote = remote(experiment);
        if (!remote.isEmpty()) {
            lines.add("REMOTE targets, off this machine's loopback (target.allowRemote): "
                    + remote.stream().map(Named::toString).collect(Collectors.joining(", ")));
        }
        return lines;
    }

    /**
     * Refuses the wildcard address 0.0.0.0 anywhere (a process of the lab is one address), and each
     * other address off loopback unless the file allows remote addresses; each at its line.
     */
    static void check(Experiment experiment, Problems problems) {
        for (Named address : of(experiment)) {
            if (address.host().equals(WILDCARD)) {
                problems.add(address.pointer(), WILDCARD + " is every address of the machine: the lab binds, dials and"
                        + " advertises one address per process (e.g. 127.0.0.1)");
            }
        }
        if (experiment.target().allowRemote()) {
            return;
        }
        for (Named address : remote(experiment)) {
            if (address.host().equals(WILDCARD)) {
                continue;
            }
            problems.add(address.pointer(), address.host() + " is not on loopback (127.0.0.0/8): the lab dials, binds"
                    + " and registers addresses off this machine only when the file says so (target.allowRemote: true)");
        }
    }

    private static String host(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon > 0 ? hostPort.substring(0, colon) : hostPort;
    }
}
