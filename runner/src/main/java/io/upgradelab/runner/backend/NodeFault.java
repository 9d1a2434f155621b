package io.upgradelab.runner.backend;

/**
 * What a fault does to one node, in terms a backend carries out or renders: a crash, a freeze, a
 * graceful restart, or disturbed packets. Each fault names its own ({@code Fault.action}), so a
 * backend that renders faults ({@code render k8s}: Chaos Mesh) follows a new fault without a list
 * of fault names to keep in step, and says in one place, over this sealed type, what it cannot do.
 */
public sealed interface NodeFault {

    /** SIGKILL or its equivalent: nothing flushed, no goodbye to peers. */
    record Kill() implements NodeFault {
    }

    /** SIGSTOP or its equivalent: the node keeps its sockets and answers nothing. */
    record Pause() implements NodeFault {
    }

    /** A graceful stop and a start on the same version, as an operator's restart. */
    record Restart() implements NodeFault {
    }

    /** Packets to the node held back, dropped, or all dropped. */
    record Network(NetworkDisturbance disturbance) implements NodeFault {
    }
}
