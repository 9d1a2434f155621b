package io.upgradelab.journal;

import java.time.Instant;

/**
 * One journal line read back: what every line carries, and its typed body.
 *
 * @param elapsed seconds since the run began
 * @param phase   the phase it belongs to: 1-based; 0 while setting up, -1 while tearing down
 * @param number  its line in the file, from 1 (0 when it was not read from a file)
 */
public record Line<T>(String type, Instant time, double elapsed, int phase, T body, int number) {
}
