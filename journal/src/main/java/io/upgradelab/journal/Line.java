package io.upgradelab.journal;

import java.time.Instant;

/**
 * One journal line read back: what every line carries, and its typed body.
 *
 * @param elapsed seconds since the run began
 * @param phase   the phase it belongs to: 1-based; 0 while setting up, -1 while tearing down
 */
public record Line<T>(String type, Instant time, double elapsed, int phase, T body) {
}
