package io.upgradelab.journal;

/**
 * The machine observer's sample: how busy the machine the lab runs on was since the previous one, so
 * a report can tell a measurement of Nacos from one of a saturated or stolen-from host.
 *
 * @param idlePercent  of all cores, idle
 * @param stealPercent of all cores, taken by the hypervisor
 */
@LineType(value = "sample", observer = "machine")
public record MachineSample(int cores, double idlePercent, double stealPercent) {
}
