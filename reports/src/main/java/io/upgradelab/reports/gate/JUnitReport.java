package io.upgradelab.reports.gate;

import io.upgradelab.journal.ControlCharacters;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The gate's verdicts as JUnit XML, the format Jenkins, GitLab and GitHub show: one test suite,
 * one test case per criterion, a failure carrying the measured figure. Written with the JDK's StAX
 * writer, which escapes every string.
 */
public final class JUnitReport {

    private JUnitReport() {
    }

    public static void write(String suite, String run, List<Verdict> verdicts, Path file) {
        long failures = verdicts.stream().filter(v -> !v.passed()).count();
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
                xml.writeStartDocument("UTF-8", "1.0");
                xml.writeStartElement("testsuite");
                xml.writeAttribute("name", xmlSafe(suite));
                xml.writeAttribute("tests", String.valueOf(verdicts.size()));
                xml.writeAttribute("failures", String.valueOf(failures));
                xml.writeAttribute("errors", "0");
                xml.writeAttribute("skipped", "0");
                for (Verdict v : verdicts) {
                    xml.writeStartElement("testcase");
                    xml.writeAttribute("classname", xmlSafe("upgrade-gate." + run));
                    xml.writeAttribute("name", xmlSafe(v.criterion()));
                    if (v.passed()) {
                        xml.writeStartElement("system-out");
                        xml.writeCharacters(xmlSafe(v.measured()));
                        xml.writeEndElement();
                    } else {
                        xml.writeStartElement("failure");
                        xml.writeAttribute("message", xmlSafe(v.measured()));
                        xml.writeAttribute("type", "UpgradeGateFailure");
                        xml.writeCharacters(xmlSafe(v.criterion() + ": " + v.measured()));
                        xml.writeEndElement();
                    }
                    xml.writeEndElement();
                }
                xml.writeEndElement();
                xml.writeEndDocument();
                xml.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } catch (XMLStreamException e) {
            throw new UncheckedIOException(new IOException("cannot write " + file + ": " + e.getMessage(), e));
        }
    }

    /**
     * Text XML 1.0 may hold: StAX escapes markup but passes control characters, which no parser
     * accepts; they are escaped as in every output ({@link ControlCharacters}), and what else XML
     * cannot hold (a lone surrogate, U+FFFE, U+FFFF) becomes U+FFFD.
     */
    static String xmlSafe(String text) {
        StringBuilder out = new StringBuilder(text.length());
        ControlCharacters.escape(text).codePoints().forEach(c -> out.appendCodePoint(xmlChar(c) ? c : 0xFFFD));
        return out.toString();
    }

    /** Whether XML 1.0 holds {@code c}; of C0, only tab and line feed are left once control characters are escaped. */
    private static boolean xmlChar(int c) {
        return c == 0x9 || c == 0xA || c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000;
    }
}
