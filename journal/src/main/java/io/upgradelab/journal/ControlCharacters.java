package io.upgradelab.journal;

/**
 * Text from a journal, an experiment or a policy made safe to show: a journal is written by
 * processes and people the reader does not control, and a control character in it would act on
 * the reader's terminal (an escape sequence that rewrites the screen, a bell), break the XML a CI
 * server parses, or (a bidi override) make a line read otherwise than it is. Every output (the
 * terminal, summary.md, report.html, summary.json, the gate's JUnit XML) passes its text through
 * {@link #escape}, so a person sees that something was there (ESC shows as a backslash, {@code u001b}) and
 * nothing acts on it.
 *
 * <p>Escaped: C0 but tab and line feed, DEL, C1 (U+0080 to U+009F), and the bidi embeddings,
 * overrides and isolates (U+202A to U+202E, U+2066 to U+2069).
 */
public final class ControlCharacters {

    /** The most of a foreign value a one-line message quotes: a 200000-character name is not echoed whole. */
    public static final int SHOWN_LENGTH = 60;

    private ControlCharacters() {
    }

    /**
     * {@code text} as a message quotes it: at most {@link #SHOWN_LENGTH} characters (and how many there
     * were), escaped; null stays null.
     */
    public static String shown(String text) {
        return shown(text, SHOWN_LENGTH);
    }

    /**
     * {@code text} quoted as {@link #shown(String)} does, at most {@code most} characters: for what is
     * quoted whole as evidence, such as a line of a server's log.
     */
    public static String shown(String text, int most) {
        if (text == null || text.length() <= most) {
            return escape(text);
        }
        return escape(text.substring(0, most)) + "... (" + text.length() + " characters)";
    }

    /** Whether {@code c} is escaped by {@link #escape}. */
    public static boolean isControl(int c) {
        return c < 0x20 && c != '\t' && c != '\n'
                || c >= 0x7f && c <= 0x9f
                || c >= 0x202a && c <= 0x202e
                || c >= 0x2066 && c <= 0x2069;
    }

    /** {@code text} with each control character written as a backslash, {@code u} and four lower-case hex digits; null stays null. */
    public static String escape(String text) {
        if (text == null || text.chars().noneMatch(ControlCharacters::isControl)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.chars().forEach(c -> {
            if (isControl(c)) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.append((char) c);
            }
        });
        return out.toString();
    }
}
