package io.upgradelab.runner.backend.external;

import io.upgradelab.runner.backend.NodeResources;

/**
 * The two figures a node's Prometheus page (Micrometer, Spring Boot actuator) gives for a sample:
 * the JVM's CPU use, a share of all the machine's cores, and the memory its pools use.
 */
final class PrometheusText {

    private PrometheusText() {
    }

    /**
     * CPU in percent of one core (process_cpu_usage x system_cpu_count x 100) and the sum of
     * jvm_memory_used_bytes over every pool (heap and non-heap: the JVM's part of its resident memory).
     *
     * @throws IllegalArgumentException when the page lacks process_cpu_usage or system_cpu_count
     */
    static NodeResources resources(String page) {
        double cpuUsage = Double.NaN;
        double cpus = Double.NaN;
        double memory = 0;
        for (String line : page.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String name = line.substring(0, endOfName(line));
            double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            switch (name) {
                case "process_cpu_usage" -> cpuUsage = value;
                case "system_cpu_count" -> cpus = value;
                case "jvm_memory_used_bytes" -> memory += value;
                default -> { }
            }
        }
        if (Double.isNaN(cpuUsage) || Double.isNaN(cpus)) {
            throw new IllegalArgumentException("the Prometheus page has no process_cpu_usage or system_cpu_count");
        }
        return new NodeResources(cpuUsage * cpus * 100, (long) memory);
    }

    private static int endOfName(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        return brace >= 0 && brace < space ? brace : space;
    }
}
