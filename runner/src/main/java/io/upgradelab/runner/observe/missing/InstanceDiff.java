package io.upgradelab.runner.observe.missing;

import io.upgradelab.journal.FleetRegistrations;
import io.upgradelab.runner.nacos.NacosApi;
import io.upgradelab.runner.nacos.RegisteredInstance;
import io.upgradelab.runner.nacos.ServiceSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the fleet registered against what one node lists: the node's catalog counts say which services
 * it is short in, and only those are listed instance by instance, largest shortfall first, while
 * time is left. A node short in nothing costs one catalog call; a node that lost one client of 100
 * (one provider in each of 140 services, at full scale) costs a listing per service.
 *
 * @param absent   the registered providers the node did not list
 * @param complete whether every service the node was short in was listed
 */
record InstanceDiff(List<Absent> absent, boolean complete) {

    /** A registered provider a node does not list: its service, and the client and port it registered with. */
    record Absent(String service, int client, int port) {
    }

    /**
     * The fleet's registrations by service: each service's providers by address ({@code ip:port}),
     * with the client that registered it.
     */
    record Registered(Map<String, Map<String, FleetRegistrations.Client>> byService) {

        static Registered of(FleetRegistrations registrations) {
            Map<String, Map<String, FleetRegistrations.Client>> byService = new LinkedHashMap<>();
            for (FleetRegistrations.Client client : registrations.clients()) {
                for (int service : client.services()) {
                    byService.computeIfAbsent(registrations.services().get(service), s -> new LinkedHashMap<>())
                            .put(client.ip() + ":" + client.port(), client);
                }
            }
            return new Registered(byService);
        }
    }

    /**
     * The diff of one node: {@code catalog} is its catalog, {@code listing} lists a service's
     * instances on it, {@code timeLeft} says whether to list one more service.
     */
    static InstanceDiff of(Registered registered, List<ServiceSummary> catalog,
                           Function<String, List<RegisteredInstance>> listing, BooleanSupplier timeLeft) {
        Map<String, Integer> held = new HashMap<>();
        catalog.stream().filter(s -> NacosApi.DEFAULT_GROUP.equals(s.group()))
                .forEach(s -> held.put(s.name(), s.instances()));
        List<String> shortIn = registered.byService().entrySet().stream()
                .filter(e -> e.getValue().size() > held.getOrDefault(e.getKey(), 0))
                .sorted(Comparator.comparingInt((Map.Entry<String, Map<String, FleetRegistrations.Client>> e) ->
                        held.getOrDefault(e.getKey(), 0) - e.getValue().size()).thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey).toList();
        List<Absent> absent = new ArrayList<>();
        int listed = 0;
        for (String service : shortIn) {
            if (!timeLeft.getAsBoolean()) {
                break;
            }
            Set<String> there = listing.apply(service).stream().map(RegisteredInstance::address)
                    .collect(Collectors.toSet());
            registered.byService().get(service).forEach((address, client) -> {
                if (!there.contains(address)) {
                    absent.add(new Absent(service, client.client(), client.port()));
                }
            });
            listed++;
        }
        return new InstanceDiff(List.copyOf(absent), listed == shortIn.size());
    }
}
