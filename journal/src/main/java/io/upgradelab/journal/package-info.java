/**
 * The records a run leaves, shared by every module that writes or reads them. A probe second used
 * to travel through four shapes in three modules (the probe's records, hand-written JSON, the
 * runner's mirror records, the reports' untyped maps); now it is one record from the probe's file
 * to the report, with one histogram codec ({@link io.upgradelab.journal.LatencyHistograms}) and one
 * percentile computation ({@link io.upgradelab.journal.Percentiles}).
 *
 * <p>Two formats, one codec each: the probe's own files by {@link io.upgradelab.journal.ProbeJson}
 * (Jakarta JSON: the probe's JVM holds the real clients' Jackson, which the lab must not replace),
 * the run's journal by {@link io.upgradelab.journal.JournalJson} (Jackson).
 */
package io.upgradelab.journal;
