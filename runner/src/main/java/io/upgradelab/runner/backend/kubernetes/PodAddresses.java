package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.upgradelab.runner.LabException;
import io.upgradelab.runner.backend.NodeReadiness;
import io.upgradelab.runner.backend.NodeStatus;
import io.upgradelab.runner.nacos.NacosApi;
import java.net.URI;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Where the runner reaches a pod: a load pod's control port, and a Nacos node's open API. In the
 * cluster (the runner Job) a control port is at the pod's own IP: no Service, since the runner
 * speaks to each fleet pod on its own, and a Service would spread the calls over them. A test gives
 * the pods of the mock API server addresses of its own, and the nodes answers of its own.
 */
@FunctionalInterface
interface PodAddresses {

    /** {@code http://<status.podIP>:<port>/}. */
    PodAddresses POD_IP = (pod, port) -> {
        String ip = pod.getStatus() == null ? null : pod.getStatus().getPodIP();
        if (ip == null || ip.isEmpty()) {
            throw new LabException(LabException.FAILED, "pod " + pod.getMetadata().getName() + " has no IP yet");
        }
        return URI.create("http://" + (ip.contains(":") ? "[" + ip + "]" : ip) + ":" + port + "/");
    };

    URI control(Pod pod, int port);

    /**
     * The running Nacos nodes as readiness asks them ({@link NodeReadiness}): in the cluster, each over
     * its open API ({@code api}) at its pod's stable DNS name, which resolves where the runner Job runs.
     */
    default List<NodeReadiness.Node> nacosNodes(List<NodeStatus> running, IntFunction<NacosApi> api) {
        return running.stream().map(n -> NodeReadiness.Node.of("node " + n.number() + " (" + n.address() + ", "
                + n.version() + ")", n.address(), n.version(), api.apply(n.number()))).toList();
    }
}
