package io.upgradelab.runner.cli;

import io.upgradelab.journal.ControlCharacters;
import java.io.PrintWriter;

/**
 * Standard output or error with every control character escaped ({@link ControlCharacters}): what
 * the commands print holds text from journals, experiment and policy files and arguments, and an
 * escape sequence or a bidi override in them must show, not act on the terminal. Installed once,
 * on the command line's writers ({@link UpgradeLab#newCommandLine}), so no command has to
 * remember; line ends written by {@code println} pass as they are.
 */
final class TerminalWriter extends PrintWriter {

    private final PrintWriter unescaped;

    private TerminalWriter(PrintWriter unescaped) {
        super(unescaped, true);
        this.unescaped = unescaped;
    }

    /** {@code writer}, escaping; a writer that already escapes is returned as it is. */
    static PrintWriter of(PrintWriter writer) {
        return writer instanceof TerminalWriter ? writer : new TerminalWriter(writer);
    }

    /**
     * Where the lab's own terminal controls go unescaped (the live display's line redraw): the
     * writer under {@code writer} when it escapes, else {@code writer}. Only constant sequences of
     * the lab's own may be written there, never text from outside.
     */
    static PrintWriter unescaped(PrintWriter writer) {
        return writer instanceof TerminalWriter terminal ? terminal.unescaped : writer;
    }

    @Override
    public void write(int c) {
        if (ControlCharacters.isControl(c)) {
            write(String.valueOf((char) c));
        } else {
            super.write(c);
        }
    }

    @Override
    public void write(char[] text, int offset, int length) {
        write(new String(text, offset, length));
    }

    @Override
    public void write(String text, int offset, int length) {
        String escaped = ControlCharacters.escape(text.substring(offset, offset + length));
        super.write(escaped, 0, escaped.length());
    }
}
