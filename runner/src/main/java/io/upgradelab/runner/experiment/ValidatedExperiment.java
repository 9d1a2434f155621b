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
}
