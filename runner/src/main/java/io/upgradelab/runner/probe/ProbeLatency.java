package io.upgradelab.runner.probe;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Percentiles in milliseconds of {@code count} values, as the probe writes them. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProbeLatency(long count, double p50, double p75, double p90, double p99, double max) {
}
