package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.runner.testing.InProcessCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What the command line prints shows control characters, and never sends one to the terminal. */
class TerminalWriterTest {

    @Test
    void everyWayOfPrintingEscapesAndLineEndsPass() {
        StringWriter text = new StringWriter();
        PrintWriter terminal = TerminalWriter.of(new PrintWriter(text));

        terminal.println("a\u001b[2Jb\u0007");
        terminal.print('\u009b');
        terminal.print(new char[] {'\u0000', 'c'});
        terminal.printf("%s\t%s%n", "\u202eevil", "\u007f");
        terminal.append("\r");
        terminal.flush();

        assertThat(text.toString()).isEqualTo("a\\u001b[2Jb\\u0007" + System.lineSeparator() + "\\u009b\\u0000c\\u202eevil"
                + "\t\\u007f" + System.lineSeparator().replace("\r", "\\u000d") + "\\u000d");
        assertThat(TerminalWriter.of(terminal)).isSameAs(terminal);
    }

    @Test
    void theLabsOwnControlsGoUnderneath() {
        StringWriter text = new StringWriter();
        PrintWriter plain = new PrintWriter(text);
        PrintWriter terminal = TerminalWriter.of(plain);

        terminal.print("status\r");
        terminal.flush();
        TerminalWriter.unescaped(terminal).print("\r\u001b[K");
        TerminalWriter.unescaped(terminal).flush();

        assertThat(text.toString()).isEqualTo("status\\u000d\r\u001b[K");
        assertThat(TerminalWriter.unescaped(plain)).isSameAs(plain);
    }

    @Test
    void anErrorNamingAHostileFileNameIsPrintedEscaped() {
        InProcessCli cli = new InProcessCli();

        assertThat(cli.run("validate", Path.of("no-such-\u001b]0;owned\u0007.yaml").toString())).isEqualTo(2);

        assertThat(cli.err()).contains("no-such-\\u001b]0;owned\\u0007.yaml").doesNotContain("\u001b").doesNotContain("\u0007");
    }
}
