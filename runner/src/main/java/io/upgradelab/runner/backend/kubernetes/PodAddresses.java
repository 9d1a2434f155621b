package io.upgradelab.runner.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.upgradelab.runner.LabException;
import java.net.URI;

/**
 * Where the runner reaches a pod's control port. In the cluster (the runner Job) that is the pod's
 * own IP: no Service, since the runner speaks to each fleet pod on its own, and a Service would
 * spread the calls over them. A test gives the pods of the mock API server addresses of its own.
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
}
