package io.upgradelab.runner.cli;

import java.io.IOException;
import java.util.function.IntSupplier;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The width of the terminal the live status line is drawn on, asked each time it is drawn (a window resized
 * mid-run gets lines of its new width). JLine asks the terminal itself; without an answer (no terminal, or one
 * that does not say) the width is 0, and the line is not cut.
 */
final class TerminalWidth implements IntSupplier, AutoCloseable {

    private final Terminal terminal;

    private TerminalWidth(Terminal terminal) {
        this.terminal = terminal;
    }

    /** No terminal: the width is unknown (0). */
    static TerminalWidth none() {
        return new TerminalWidth(null);
    }

    /** The system terminal's width, or none (0) when there is no system terminal to ask. */
    static TerminalWidth ofSystem() {
        try {
            return new TerminalWidth(TerminalBuilder.builder().system(true).dumb(false)
                    .systemOutput(TerminalBuilder.SystemOutput.SysErr).nativeSignals(false).build());
        } catch (IOException | RuntimeException e) {
            return none();
        }
    }

    @Override
    public int getAsInt() {
        try {
            return terminal == null ? 0 : Math.max(0, terminal.getWidth());
        } catch (RuntimeException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        if (terminal != null) {
            try {
                terminal.close();
            } catch (IOException e) {
                // the run is over: nothing to draw any more
            }
        }
    }
}
