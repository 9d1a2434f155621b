package io.upgradelab.runner.benchmark;

import io.upgradelab.naming.NamingClient;
import io.upgradelab.naming.Registration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The operations of Nacos's naming benchmark reports, each one call of a naming client. Register and
 * deregister go once through every instance of the workload; query and heartbeat go round the
 * registered instances until the phase's count or time is up.
 */
public enum BenchmarkOperation {

    REGISTER(true) {
        @Override
        void apply(NamingClient client, Registration instance) throws Exception {
            client.register(instance);
        }
    },
    /** {@code getAllInstances(service, subscribe=false)}: the servers are asked, not the client's cache. */
    QUERY(false) {
        @Override
        void apply(NamingClient client, Registration instance) throws Exception {
            client.query(instance.serviceName());
        }
    },
    /** A 1.x beat: the 1.x client's own request, or the open API's. */
    HEARTBEAT(false) {
        @Override
        void apply(NamingClient client, Registration instance) throws Exception {
            client.heartbeat(instance);
        }
    },
    DEREGISTER(true) {
        @Override
        void apply(NamingClient client, Registration instance) throws Exception {
            client.deregister(instance);
        }
    };

    private final boolean oncePerInstance;

    BenchmarkOperation(boolean oncePerInstance) {
        this.oncePerInstance = oncePerInstance;
    }

    /** The operation on {@code instance} (for a query, its service); throws what the client threw. */
    abstract void apply(NamingClient client, Registration instance) throws Exception;

    /** True when it goes once through the instances (register, deregister), false when it goes round them. */
    public boolean oncePerInstance() {
        return oncePerInstance;
    }

    /** As the experiment file and the journal name it: {@code register}. */
    public String fileName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The operation a file names; empty for a name that is none. */
    public static Optional<BenchmarkOperation> named(String name) {
        return Arrays.stream(values()).filter(o -> o.fileName().equals(name)).findFirst();
    }
}
