package io.upgradelab.reports.gate;

import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.reports.RunSummary;
import io.upgradelab.reports.output.OutputFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The gate's verdicts as JUnit XML, the format Jenkins, GitLab and GitHub show: one test suite,
 * one test case per criterion, a failure carrying the measured figure, an inconclusive criterion
 * skipped with the reason the run could not decide it (CI servers show skipped tests apart from passed
 * and failed ones; the gate's exit code, 3, says the pipeline must not take it for a pass). Written with
 * the JDK's StAX writer, which escapes every string.
 *
 * <p>It is valid against Surefire's schema (surefire-test-report-3.0.xsd), the strictest reader:
 * the suite has its counts and time, each test case its time (the part of the run it judged). That
 * schema allows no other attribute on the suite, so the run's start ({@code timestamp}, UTC) and the
 * machine that judged it ({@code hostname}) are the suite's properties, where Surefire puts the
 * facts of a test run.
 */
public final class JUnitReport {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private JUnitReport() {
    }

    /**
     * Writes {@code verdicts} on {@code run} as the test suite {@code suite} to {@code file}, which
     * may not be a symbolic link nor one of {@code inputs}, the files the gate read ({@link OutputFile}).
     */
    public static void write(String suite, RunSummary run, List<Verdict> verdicts, Path file, Collection<Path> inputs) {
        byte[] document;
        try {
            document = document(suite, run, verdicts);
        } catch (XMLStreamException e) {
            throw new UncheckedIOException(new IOException("cannot write " + file + ": " + e.getMessage(), e));
        }
        OutputFile.write(file, document, inputs);
    }

    /** The test suite, as UTF-8. */
    private static byte[] document(String suite, RunSummary run, List<Verdict> verdicts) throws XMLStreamException {
        long failures = verdicts.stream().filter(v -> v.decides() && v.failed()).count();
        long skipped = verdicts.stream().filter(v -> v.dryRun() || v.inconclusive()).count();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", xmlSafe(suite));
        xml.writeAttribute("tests", String.valueOf(verdicts.size()));
        xml.writeAttribute("failures", String.valueOf(failures));
        xml.writeAttribute("errors", "0");
        xml.writeAttribute("skipped", String.valueOf(skipped));
        xml.writeAttribute("time", time(run.seconds()));
        xml.writeStartElement("properties");
        property(xml, "timestamp", timestamp(run.started()));
        property(xml, "hostname", hostname());
        property(xml, "experiment", xmlSafe(run.experiment()));
        xml.writeEndElement();
        for (Verdict v : verdicts) {
            testCase(xml, run.experiment(), v);
        }
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.flush();
        xml.close();
        return out.toByteArray();
    }

    /**
     * A passed verdict with its figure as output; an inconclusive one skipped, its reason the message
     * (and the output); a failed one a failure with its figure; a dry run's skipped whatever its status,
     * the status it would have had first in the message ("dry run, would FAIL: ..."), so a CI server shows
     * it without counting it.
     */
    private static void testCase(XMLStreamWriter xml, String run, Verdict v) throws XMLStreamException {
        xml.writeStartElement("testcase");
        xml.writeAttribute("name", xmlSafe(v.criterion()));
        xml.writeAttribute("classname", xmlSafe("upgrade-gate." + run));
        xml.writeAttribute("time", time(v.seconds()));
        if (v.dryRun()) {
            xml.writeEmptyElement("skipped");
            xml.writeAttribute("message", xmlSafe("dry run, would " + v.status() + ": " + v.measured()));
            xml.writeStartElement("system-out");
            xml.writeCharacters(xmlSafe(v.criterion() + ": " + v.word() + ": " + v.measured()));
        } else if (v.passed()) {
            xml.writeStartElement("system-out");
            xml.writeCharacters(xmlSafe(v.measured()));
        } else if (v.inconclusive()) {
            xml.writeEmptyElement("skipped");
            xml.writeAttribute("message", xmlSafe("inconclusive: " + v.measured()));
            xml.writeStartElement("system-out");
            xml.writeCharacters(xmlSafe(v.criterion() + ": INCONCLUSIVE: " + v.measured()));
        } else {
            xml.writeStartElement("failure");
            xml.writeAttribute("message", xmlSafe(v.measured()));
            xml.writeAttribute("type", "UpgradeGateFailure");
            xml.writeCharacters(xmlSafe(v.criterion() + ": " + v.measured()));
        }
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeEmptyElement("property");
        xml.writeAttribute("name", name);
        xml.writeAttribute("value", value);
    }

    /** Seconds as Surefire's schema reads them: a decimal point and at most three decimals. */
    static String time(double seconds) {
        return String.format(Locale.ROOT, "%.3f", Double.isFinite(seconds) && seconds > 0 ? seconds : 0);
    }

    /** {@code 2026-11-22T03:51:06}: the run's start in UTC, as JUnit timestamps are written (no zone); "" when unknown. */
    static String timestamp(String started) {
        try {
            return TIMESTAMP.format(Instant.parse(started));
        } catch (DateTimeParseException e) {
            return "";
        }
    }

    /** This machine's name, as the kernel has it (no name service is asked); "localhost" when unreadable. */
    static String hostname() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            return name.isEmpty() ? "localhost" : xmlSafe(name);
        } catch (IOException | UncheckedIOException e) {
            return "localhost";
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
