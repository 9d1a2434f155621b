package io.upgradelab.runner.experiment;

import io.upgradelab.runner.backend.Target;
import io.upgradelab.runner.observe.signals.SignalSpec;
import io.upgradelab.runner.plan.Problems;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
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

    /**
     * One address of the experiment.
     *
     * @param pointer where the file names it, e.g. {@code /target/local/nodeAddresses/1}
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
        List<String> nodes = target.local().nodeAddresses();
        for (int i = 0; i < nodes.size(); i++) {
            all.add(new Named("/target/local/nodeAddresses/" + i, "node " + (i + 1), nodes.get(i)));
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
        if (experiment.metrics() != null && !experiment.metrics().onPodAddress()) {   // pod: known at run time
            all.add(new Named("/metrics/address", "the live metrics", experiment.metrics().address()));
        }
        for (int i = 0; i < experiment.signals().size(); i++) {
            SignalSpec signal = experiment.signals().get(i);
            String host = signal.url() == null ? null : signal.url().getHost();
            if (host != null) {
                all.add(new Named("/signals/" + i + "/" + signal.kind() + "/url", "signal " + signal.name(), host));
            }
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
     * Refuses, each at its line: an address spelt in a way readers disagree on (an IPv4 address is four
     * numbers 0 to 255 without leading zeros: the kernel reads {@code 127.1}, {@code 0x7f.1} or
     * {@code 0177.0.0.1} as 127.0.0.1 and {@code 010} as 8, Java and this check would not); an address that is not
     * one host (0.0.0.0/8, the wildcard in any spelling, multicast, broadcast), because a process of the lab is one
     * address; and each other address off loopback unless the file allows remote addresses. Compared as parsed
     * addresses, never as text.
     */
    static void check(Experiment experiment, Problems problems) {
        if (experiment.metrics() != null && experiment.metrics().onPodAddress() && !experiment.target().allowRemote()) {
            problems.add("/metrics/address", "pod: the runner's pod address is off loopback, where the live metrics"
                    + " listen only when the file says so (target.allowRemote: true)");
        }
        for (Named address : of(experiment)) {
            Optional<byte[]> parsed = Ipv4.parse(address.host());
            if (parsed.isEmpty()) {
                if (Ipv4.looksNumeric(address.host())) {
                    problems.add(address.pointer(), address.host() + " is an address spelt in a way readers disagree on:"
                            + " write four numbers 0 to 255 without leading zeros, e.g. 127.0.0.1");
                } else if (!experiment.target().allowRemote() && address.remote()) {
                    problems.add(address.pointer(), notLoopback(address.host()));
                }
                continue;
            }
            int first = parsed.get()[0] & 0xff;
            if (first == 0 || first >= 224) {
                problems.add(address.pointer(), address.host() + (address.host().equals("0.0.0.0")
                        ? " is every address of the machine" : first == 0 ? " is in 0.0.0.0/8, not one host"
                        : " is multicast, broadcast or reserved, not one host")
                        + ": the lab binds, dials and advertises one address per process (e.g. 127.0.0.1)");
            } else if (first != 127 && !experiment.target().allowRemote()) {
                problems.add(address.pointer(), notLoopback(address.host()));
            }
        }
    }

    private static String notLoopback(String host) {
        return host + " is not on loopback (127.0.0.0/8): the lab dials, binds and registers addresses off this machine"
                + " only when the file says so (target.allowRemote: true)";
    }

    /** IPv4 literals as the lab accepts them: one spelling per address, so that every reader reads the same. */
    static final class Ipv4 {

        private static final Pattern CANONICAL = Pattern.compile(
                "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
        /** What inet_aton or a resolver may read as a number: labels of digits or 0x-hex only, a trailing dot, IPv6. */
        private static final Pattern NUMERIC = Pattern.compile(
                "\\[.*]|.*:.*|(0[xX][0-9a-fA-F]*|[0-9]+)(\\.(0[xX][0-9a-fA-F]*|[0-9]+))*\\.?");

        private Ipv4() {
        }

        /** The four bytes of {@code host} when it is a canonical dotted quad, else empty. */
        static Optional<byte[]> parse(String host) {
            if (!CANONICAL.matcher(host).matches()) {
                return Optional.empty();
            }
            String[] parts = host.split("\\.");
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                bytes[i] = (byte) Integer.parseInt(parts[i]);
            }
            return Optional.of(bytes);
        }

        /** Whether {@code host} would be read as an address rather than a name (so it must be canonical). */
        static boolean looksNumeric(String host) {
            return NUMERIC.matcher(host).matches();
        }
    }

    private static String host(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon > 0 ? hostPort.substring(0, colon) : hostPort;
    }
}
