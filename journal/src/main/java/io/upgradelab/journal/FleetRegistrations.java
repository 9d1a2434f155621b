package io.upgradelab.journal;

import java.util.List;

/**
 * What each client of the provider fleet has registered: the fleet's control channel answers it
 * ({@code GET /registrations}) and the runner diffs it against what each node lists. Kept here beside
 * {@link FleetStatus}, the fleet's other answer, so the fleet and the runner read one shape.
 *
 * @param services the fleet's service names, indexed by {@link Client#services()}
 * @param clients  every client (virtual provider process) with a provider registered
 */
public record FleetRegistrations(List<String> services, List<Client> clients) {

    public FleetRegistrations {
        services = services == null ? List.of() : List.copyOf(services);
        clients = clients == null ? List.of() : List.copyOf(clients);
    }

    /**
     * One client: the providers it registered, as indices into {@link FleetRegistrations#services()}.
     *
     * @param client     the fleet's number for it
     * @param ip         the address its providers registered
     * @param port       its Dubbo port, the port of every provider it registered
     * @param version    its Nacos client version, e.g. "2.3.2"
     */
    public record Client(int client, String ip, int port, String version, List<Integer> services) {

        public Client {
            services = services == null ? List.of() : List.copyOf(services);
        }
    }
}
