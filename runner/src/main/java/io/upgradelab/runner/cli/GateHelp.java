package io.upgradelab.runner.cli;

import io.upgradelab.reports.gate.PolicyFile;
import java.util.ListResourceBundle;

/**
 * What {@code gate --help} lists that the code knows better than any text: the criterion kinds, as
 * the policy reader accepts them. picocli reads it as the gate command's resource bundle
 * ({@code ${bundle:criteria}}), so a new criterion shows in the help without an edit here.
 */
public final class GateHelp extends ListResourceBundle {

    @Override
    protected Object[][] getContents() {
        return new Object[][] {{"criteria", String.join(", ", PolicyFile.criterionKinds())}};
    }
}
