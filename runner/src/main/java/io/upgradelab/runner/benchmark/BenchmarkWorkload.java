package io.upgradelab.runner.benchmark;

import io.upgradelab.naming.Registration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a naming benchmark registers: {@code services} services of {@code instances} instances each,
 * spread over {@code clients} clients. Instance k of every service belongs to client k mod clients,
 * so a client holds at most one instance of a service whenever there are as many clients as
 * instances: a 2.x client keeps one instance per service (a second registration replaces the first).
 *
 * @param prefix   the services' names begin with it, so the lab's own services are not confused with them
 * @param ip       the address every instance carries
 * @param clients  naming clients
 * @param services services
 * @param instances instances per service
 */
public record BenchmarkWorkload(String prefix, String ip, int clients, int services, int instances) {

    /** Instance k listens (nominally: nothing binds it) on this port plus k. */
    static final int FIRST_PORT = 30000;
    private static final Map<String, String> METADATA = Map.of("upgradeLab", "benchmark");

    /** How many instances the workload registers. */
    public int total() {
        return services * instances;
    }

    /** The service of number {@code service} (from 0). */
    public String serviceName(int service) {
        return prefix + String.format("%05d", service);
    }

    /** The instances client {@code client} (from 0) registers, service by service. */
    public List<Registration> instancesOf(int client) {
        List<Registration> result = new ArrayList<>();
        for (int service = 0; service < services; service++) {
            for (int k = client; k < instances; k += clients) {
                result.add(new Registration(serviceName(service), ip, FIRST_PORT + k, METADATA));
            }
        }
        return result;
    }
}
