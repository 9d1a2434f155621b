package io.upgradelab.reports;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clients of a run that the release after its last servers no longer serves: a cluster that
 * passed its gate on 3.1 with nacos-client 1.x still registered fails them at the next upgrade, since
 * Nacos 3.2 removed the v1 and v2 HTTP APIs, which nacos-client 1.x calls for everything (registering,
 * heartbeats, subscribing, configs). The report says so, from the versions the run ended on, so a team
 * learns before 3.2 which applications to move first.
 */
public final class NextVersionCutOffs {

    /** The section's title in the summary and the report. */
    public static final String HEADING = "Clients the next version cuts off";
    /** The first release without the HTTP APIs of nacos-client 1.x. */
    static final String REMOVES_V1 = "3.2";

    private NextVersionCutOffs() {
    }

    /**
     * One sentence per group of clients cut off, or none: for a run that ended on 3.0 or 3.1 servers
     * (whose next minor release is 3.2) with 1.x clients among the fleet's (its last clients) or the
     * probe's. A run that ended on 2.x says nothing: its next release may be 2.5, 3.0 or 3.1, which
     * all still serve 1.x clients.
     */
    public static List<String> of(RunFacts facts) {
        List<String> servers = versions(RunFacts.to(facts.servers()));
        if (servers.isEmpty() || !servers.stream().allMatch(NextVersionCutOffs::threeZeroOrOne)) {
            return List.of();
        }
        Map<String, String> oneX = new LinkedHashMap<>();
        versions(RunFacts.to(facts.clients())).stream().filter(NextVersionCutOffs::isOneX).findFirst()
                .ifPresent(v -> oneX.put("the fleet's providers and the demo providers", v));
        if (isOneX(facts.probe())) {
            oneX.put("the probe (a Dubbo consumer)", facts.probe());
        }
        List<String> cutOff = new ArrayList<>();
        oneX.forEach((who, version) -> cutOff.add("Nacos " + REMOVES_V1 + " removes the v1 and v2 HTTP APIs, which"
                + " nacos-client " + version + " calls for everything (registering, heartbeats, subscribing, configs):"
                + " on " + REMOVES_V1 + " " + who + " would lose the registry. Move them to nacos-client 2.x or 3.x"
                + " before that upgrade."));
        return cutOff;
    }

    /** "3.1.0 x3" or "3.1.0 2.3.2 2.3.2": the versions named, without the counts. */
    static List<String> versions(String phrase) {
        return Arrays.stream(phrase.split(" ")).filter(w -> !w.isEmpty() && Character.isDigit(w.charAt(0))).toList();
    }

    private static boolean isOneX(String client) {
        return client.equals("1x") || client.startsWith("1.");
    }

    private static boolean threeZeroOrOne(String version) {
        return version.startsWith("3.0.") || version.startsWith("3.1.");
    }
}
