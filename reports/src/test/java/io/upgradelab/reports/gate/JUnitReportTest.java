package io.upgradelab.reports.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.upgradelab.reports.RecordedRuns;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The gate's JUnit XML as CI servers read it, checked against Surefire's own schema, taken from
 * Surefire's source release on Maven Central (a test dependency), never from a copy of ours.
 */
class JUnitReportTest {

    /** Where Surefire keeps its report schema in its source release, org.apache.maven.surefire:surefire:3.0.0. */
    private static final String SUREFIRE_XSD =
            "surefire-3.0.0/maven-surefire-plugin/src/site/resources/xsd/surefire-test-report-3.0.xsd";

    @TempDir
    Path dir;

    /**
     * A policy with a criterion met, one not met, one that names a phase the run has not (a typo: not met)
     * and one inconclusive: the recorded run's load was not measured (it predates the machine observer),
     * so no criterion over its phases can judge them.
     */
    private Gate judgedRecordedRun() throws Exception {
        Path run = RecordedRuns.ciSizeRun(dir.resolve("run"));
        Path policy = Files.writeString(dir.resolve("policy.yaml"), """
                name: staging gate
                criteria:
                  - kind: instanceLossAtEnd
                    atMost: 0
                  - kind: upgradeWithin
                    seconds: 600
                  - kind: cpuP95
                    atMostPercent: 100
                    phases: [99]
                  - kind: noProviderErrors
                    atMost: 0
                    phases: [2]
                """);
        return Gate.judge(run, PolicyFile.read(policy), null, dir.resolve("junit.xml"));
    }

    @Test
    void theGatesJUnitXmlIsValidAgainstSurefiresSchema() throws Exception {
        Gate gate = judgedRecordedRun();

        assertThat(schemaErrors(parse(gate.junit()))).isEmpty();
    }

    @Test
    void theSuiteHasItsCountsTimeTimestampAndHostAndEachCaseTheTimeItJudged() throws Exception {
        Gate gate = judgedRecordedRun();

        Element suite = parse(gate.junit()).getDocumentElement();
        assertThat(suite.getAttribute("name")).isEqualTo("staging gate");
        assertThat(suite.getAttribute("tests")).isEqualTo("5");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        assertThat(suite.getAttribute("errors")).isEqualTo("0");
        assertThat(suite.getAttribute("skipped")).isEqualTo("1");
        assertThat(suite.getAttribute("time")).isEqualTo("539.506");   // the journal's runEnded seconds
        assertThat(property(suite, "timestamp")).isEqualTo("2026-11-22T04:36:56");   // its runStarted time, UTC
        assertThat(property(suite, "hostname")).isEqualTo(JUnitReport.hostname()).isNotBlank();
        assertThat(property(suite, "experiment")).isEqualTo("nacos-1x-to-2x-ci");

        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(((Element) cases.item(0)).getAttribute("time")).isEqualTo("539.506");   // the run completed
        assertThat(((Element) cases.item(1)).getAttribute("time")).isEqualTo("539.506");   // the whole run
        assertThat(((Element) cases.item(4)).getAttribute("time")).isEqualTo("10.095");    // phase 2 alone
        assertThat(((Element) cases.item(1)).getElementsByTagName("system-out").item(0).getTextContent())
                .isEqualTo("0 lost (at most 0; exact; n 282 registered instances): 282 registered, nodes list [282, 282, 282]");
    }

    @Test
    void aPhaseNameThatNamesNoPhaseTakesNoTimeAndFails() throws Exception {
        Gate gate = judgedRecordedRun();

        Element typo = (Element) parse(gate.junit()).getElementsByTagName("testcase").item(3);
        assertThat(typo.getAttribute("name")).startsWith("CPU p95");
        assertThat(typo.getAttribute("time")).isEqualTo("0.000");
        assertThat(typo.getElementsByTagName("failure").getLength()).isEqualTo(1);
        assertThat(typo.getElementsByTagName("skipped").getLength()).isZero();
        assertThat(gate.verdicts().get(3).failed()).isTrue();
    }

    @Test
    void anInconclusiveCriterionIsASkippedTestCaseWithItsReason() throws Exception {
        Gate gate = judgedRecordedRun();

        Element inconclusive = (Element) parse(gate.junit()).getElementsByTagName("testcase").item(4);
        assertThat(inconclusive.getAttribute("name")).isEqualTo("no-provider errors at most 0 over phases 2");
        assertThat(inconclusive.getElementsByTagName("failure").getLength()).isZero();
        NodeList skipped = inconclusive.getElementsByTagName("skipped");
        assertThat(skipped.getLength()).isEqualTo(1);
        assertThat(((Element) skipped.item(0)).getAttribute("message"))
                .isEqualTo("inconclusive: not judged: phase 2: load not measured (no machine sample) (there: 0 no-provider"
                        + " errors (at most 0; exact; n 1000 calls))");
        assertThat(gate.verdicts().get(4).status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
        assertThat(gate.status()).as("a failure elsewhere: the gate fails").isEqualTo(Verdict.Status.FAIL);
    }

    /** The check above could fail: the schema refuses what the gate wrote before it had times. */
    @Test
    void surefiresSchemaRefusesATestCaseWithoutItsTime() throws Exception {
        Document xml = parse(judgedRecordedRun().junit());
        ((Element) xml.getElementsByTagName("testcase").item(1)).removeAttribute("time");

        assertThat(schemaErrors(xml)).singleElement().asString().contains("'time'");
    }

    /** Nor would it let a skipped case's reason come after its output: the order the gate writes them in matters. */
    @Test
    void surefiresSchemaRefusesASkippedElementAfterTheOutput() throws Exception {
        Document xml = parse(judgedRecordedRun().junit());
        Element inconclusive = (Element) xml.getElementsByTagName("testcase").item(4);
        inconclusive.appendChild(inconclusive.getElementsByTagName("skipped").item(0));

        assertThat(schemaErrors(xml)).isNotEmpty();
    }

    @Test
    void timesHaveAtMostThreeDecimalsAndNothingUnmeasurable() {
        assertThat(JUnitReport.time(1234.56789)).isEqualTo("1234.568");
        assertThat(JUnitReport.time(Double.NaN)).isEqualTo("0.000");
        assertThat(JUnitReport.timestamp("")).isEmpty();
    }

    /** Every error Surefire's schema finds in {@code xml}. */
    private static List<String> schemaErrors(Document xml) throws Exception {
        URL xsd = JUnitReportTest.class.getClassLoader().getResource(SUREFIRE_XSD);
        assertThat(xsd).as("Surefire's schema %s on the test classpath: it comes from the test dependency"
                + " org.apache.maven.surefire:surefire:3.0.0:zip:source-release of reports/pom.xml", SUREFIRE_XSD)
                .isNotNull();
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        Validator validator = factory.newSchema(new StreamSource(xsd.openStream(), xsd.toString())).newValidator();
        List<String> errors = new ArrayList<>();
        validator.setErrorHandler(new ErrorHandler() {
            @Override
            public void warning(SAXParseException e) {
                errors.add("warning: " + e.getMessage());
            }

            @Override
            public void error(SAXParseException e) {
                errors.add(e.getMessage());
            }

            @Override
            public void fatalError(SAXParseException e) {
                errors.add(e.getMessage());
            }
        });
        validator.validate(new DOMSource(xml));
        return errors;
    }

    private static String property(Element suite, String name) {
        NodeList properties = suite.getElementsByTagName("property");
        for (int i = 0; i < properties.getLength(); i++) {
            Element property = (Element) properties.item(i);
            if (property.getAttribute("name").equals(name)) {
                return property.getAttribute("value");
            }
        }
        throw new AssertionError("no property " + name);
    }

    private static Document parse(Path xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(xml.toFile());
    }
}
