package io.upgradelab.runner.preflight;

/**
 * The largest provider count a cluster held stable for one server and client version, as {@code upgrade-lab
 * calibrate} measured it on this kind of machine: what the double write is judged against. Its own record so
 * that preflight reads capacity without knowing how calibrations are kept.
 *
 * @param server     the server version, e.g. {@code 1.4.1}
 * @param clients    the client version or shorthand, e.g. {@code 1x}
 * @param frontier   the providers held stable; 0 when none was
 * @param measuredBy the run that measured it (its directory)
 */
public record Frontier(String server, String clients, int frontier, String measuredBy) {
}
