package io.upgradelab.runner.nacos;

/**
 * One service in a node's catalog ({@code GET v1/ns/catalog/services}): how many instances the node
 * holds for it and how many of those are healthy. Summed over services, a node's view of the fleet.
 */
public record ServiceSummary(String name, String group, int instances, int healthyInstances) {
}
