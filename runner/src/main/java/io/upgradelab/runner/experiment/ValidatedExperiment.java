package io.upgradelab.runner.experiment;

import java.util.List;

/**
 * An experiment that passed every check, ready to run: the bound model (with any scale override
 * applied), its timeline, and notes on what could not be checked.
 *
 * @param file       the file as the user named it
 * @param experiment the experiment to run
 * @param timeline   the expected timeline
 * @param notes      what was not checked and why, e.g. server versions when the distributions are not built
 */
public record ValidatedExperiment(String file, Experiment experiment, Timeline timeline, List<String> notes) {

    public ValidatedExperiment {
        notes = List.copyOf(notes);
    }

    /**
     * This experiment serving its live metrics at {@code port} on its {@code metrics} section's address
     * (127.0.0.1 without one); 0: serving none, whatever the file says.
     */
    public ValidatedExperiment withMetricsPort(int port) {
        MetricsSpec metrics = port == 0 ? null
                : (experiment.metrics() == null ? new MetricsSpec(port, null) : experiment.metrics().withPort(port));
        return new ValidatedExperiment(file, experiment.withMetrics(metrics), timeline, notes);
    }
}
