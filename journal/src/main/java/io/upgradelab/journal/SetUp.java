package io.upgradelab.journal;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * One step of a run's set-up done (the cluster up, the demo providers, the fleet, the probe, the configs),
 * with what the step made: the report and a person reading the journal find where each part ran (its
 * process or its pod) and what it was made of.
 *
 * @param step           {@code cluster}, {@code demoProviders}, {@code fleet}, {@code probe} or {@code configs}
 * @param nodes          the cluster's nodes (step cluster)
 * @param clients        the client versions (steps demoProviders and configs)
 * @param count          the configs published (step configs)
 * @param sizeBytes      each config's size (step configs)
 * @param rate           the probe's calls per second (step probe)
 * @param pid            the process, where the part runs as one here (steps fleet and probe)
 * @param deployment     the Deployment, on Kubernetes (step probe)
 * @param pod            the pod, on Kubernetes (step probe)
 * @param deployments    the Deployments' name pattern, on Kubernetes (step fleet)
 * @param providersPerPod the providers each pod holds, on Kubernetes (step fleet)
 */
@LineType("setUp")
@JsonInclude(JsonInclude.Include.NON_NULL)   // a step has only the fields that apply to it (below): every one but step is optional
public record SetUp(String step, List<ClusterNode> nodes, List<String> clients, Integer count, Integer sizeBytes,
                    Double rate, Long pid, String deployment, String pod, String deployments,
                    Integer providersPerPod) {

    /**
     * A node of the cluster as set up.
     *
     * @param log the node's console log, as a URI
     */
    public record ClusterNode(int number, String address, String version, long pid, String state, String log) {
    }

    /**
     * Where a part of the lab runs: a process here, or a Deployment and pod on Kubernetes; what does not
     * apply is null.
     */
    public record Placement(Long pid, String deployment, String pod, String deployments, Integer providersPerPod) {

        /** A process on this machine. */
        public static Placement process(long pid) {
            return new Placement(pid, null, null, null, null);
        }
    }

    public static SetUp cluster(List<ClusterNode> nodes) {
        return new SetUp("cluster", nodes, null, null, null, null, null, null, null, null, null);
    }

    public static SetUp demoProviders(List<String> clients) {
        return new SetUp("demoProviders", null, clients, null, null, null, null, null, null, null, null);
    }

    public static SetUp configs(int count, int sizeBytes, List<String> clients) {
        return new SetUp("configs", null, clients, count, sizeBytes, null, null, null, null, null, null);
    }

    public static SetUp fleet(Placement where) {
        return placed("fleet", where, null);
    }

    public static SetUp probe(Placement where, double rate) {
        return placed("probe", where, rate);
    }

    private static SetUp placed(String step, Placement where, Double rate) {
        return new SetUp(step, null, null, null, null, rate, where.pid(), where.deployment(), where.pod(),
                where.deployments(), where.providersPerPod());
    }
}
