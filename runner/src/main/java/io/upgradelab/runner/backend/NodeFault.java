package io.upgradelab.runner.backend;

/**
 * What a fault does to one node, in terms a backend carries out or renders: a crash, a freeze, a
 * graceful restart, or disturbed packets. Each fault names its own ({@code Fault.action}), so a
 * backend that renders faults ({@code render k8s}: Chaos Mesh) follows a new fault without a list
 * of fault names to keep in step, and says in one place, over this sealed type, what it cannot do.
 */
public sealed interface NodeFault {

    /**
     * One answer per kind of fault. Java 17 has no exhaustive switch over a sealed type, so this is
     * how a backend dispatches on a fault: a new kind adds a method here, and every dispatch then
     * fails to compile until it answers for it, rather than falling through to a default.
     */
    interface Cases<R> {

        R kill();

        R pause();

        R restart();

        R network(NetworkDisturbance disturbance);
    }

    /** The answer {@code cases} gives for this fault. */
    <R> R match(Cases<R> cases);

    /** SIGKILL or its equivalent: nothing flushed, no goodbye to peers. */
    record Kill() implements NodeFault {

        @Override
        public <R> R match(Cases<R> cases) {
            return cases.kill();
        }
    }

    /** SIGSTOP or its equivalent: the node keeps its sockets and answers nothing. */
    record Pause() implements NodeFault {

        @Override
        public <R> R match(Cases<R> cases) {
            return cases.pause();
        }
    }

    /** A graceful stop and a start on the same version, as an operator's restart. */
    record Restart() implements NodeFault {

        @Override
        public <R> R match(Cases<R> cases) {
            return cases.restart();
        }
    }

    /** Packets to the node held back, dropped, or all dropped. */
    record Network(NetworkDisturbance disturbance) implements NodeFault {

        @Override
        public <R> R match(Cases<R> cases) {
            return cases.network(disturbance);
        }
    }
}
