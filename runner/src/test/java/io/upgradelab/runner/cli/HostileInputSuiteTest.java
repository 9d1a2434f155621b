package io.upgradelab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.upgradelab.journal.ControlCharacters;
import io.upgradelab.runner.calibrate.CalibrationKey;
import io.upgradelab.runner.experiment.Experiments;
import io.upgradelab.runner.testing.InProcessCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile-input suite: every case in {@code hostile-inputs/*.yaml} (see its README) runs the
 * real command line in-process on a file made hostile, and must end with its expected exit code
 * and message, and never with a stack trace, an "internal error" or a control character.
 */
class HostileInputSuiteTest {

    static final Path REPOSITORY = Path.of(System.getProperty("basedir", ".")).resolve("..").normalize();
    static final Path SUITE = REPOSITORY.resolve("hostile-inputs");
    static {
        if (System.getProperty("upgradelab.home") == null) {   // as the launcher sets it: the server distributions are found
            System.setProperty("upgradelab.home", REPOSITORY.toString());
        }
    }

    /** In the name of a file a case writes: the calibration file name of the case's experiment on this machine. */
    static final String CALIBRATION = "{calibration}";

    /** Where each case gets a directory of its own; removed with the class. */
    @TempDir
    static Path caseDirectories;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** One class of input: the files every case starts from (repository-relative), and the cases. */
    record CaseClass(String about, Map<String, String> base, List<Case> cases) {
        CaseClass {
            base = base == null ? Map.of() : base;
        }
    }

    /**
     * One hostile input: base files edited ({@code [from, to]} pairs, each {@code from} must be
     * found), appended to or written whole; the arguments ({@code {dir}} is the case's directory, in
     * the arguments, the message and the text an edit, append or write puts in a file); the exit
     * code; text the output must contain, text it must not, and files (in the case's directory)
     * that must not exist afterwards: what a refused command must not have written.
     */
    record Case(String name, Map<String, List<List<String>>> edit, Map<String, String> append,
                Map<String, String> write, List<String> args, int exit, String message, List<String> never,
                List<String> unwritten) {
        Case {
            unwritten = unwritten == null ? List.of() : unwritten;
            edit = edit == null ? Map.of() : edit;
            append = append == null ? Map.of() : append;
            write = write == null ? Map.of() : write;
            never = never == null ? List.of() : never;
        }
    }

    @TestFactory
    Stream<DynamicNode> everyCaseEndsInAClearAnswer() throws IOException {
        try (Stream<Path> files = Files.list(SUITE)) {
            List<Path> classes = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
            assertThat(classes).as("case classes in " + SUITE).isNotEmpty();
            return classes.stream().map(HostileInputSuiteTest::container);
        }
    }

    private static DynamicContainer container(Path file) {
        CaseClass cases;
        try {
            cases = YAML.readValue(file.toFile(), CaseClass.class);
        } catch (IOException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
        String className = file.getFileName().toString().replaceFirst("\\.yaml$", "");
        return DynamicContainer.dynamicContainer(className + ": " + cases.about(), cases.cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> run(cases, c))));
    }

    private static void run(CaseClass cases, Case c) throws IOException {
        Path dir = Files.createTempDirectory(caseDirectories, "case-");
        for (Map.Entry<String, String> base : cases.base().entrySet()) {
            Files.createDirectories(dir.resolve(base.getKey()).getParent());
            Files.copy(REPOSITORY.resolve(base.getValue()), dir.resolve(base.getKey()));
        }
        for (Map.Entry<String, List<List<String>>> edits : c.edit().entrySet()) {
            Path target = dir.resolve(edits.getKey());
            String text = Files.readString(target);
            for (List<String> edit : edits.getValue()) {
                assertThat(text).as("case '" + c.name() + "' edits " + edits.getKey()).contains(edit.get(0));
                text = text.replace(edit.get(0), edit.get(1).replace("{dir}", dir.toString()));
            }
            Files.writeString(target, text);
        }
        for (Map.Entry<String, String> append : c.append().entrySet()) {
            Files.writeString(dir.resolve(append.getKey()), Files.readString(dir.resolve(append.getKey()))
                    + append.getValue().replace("{dir}", dir.toString()));
        }
        for (Map.Entry<String, String> write : c.write().entrySet()) {
            Path target = dir.resolve(write.getKey().replace(CALIBRATION, calibrationName(write.getKey(), dir)));
            Files.createDirectories(target.getParent());
            if (write.getKey().endsWith("/")) {   // a folder, left empty
                Files.createDirectories(target);
                continue;
            }
            Files.writeString(target, write.getValue().replace("{dir}", dir.toString()));
        }
        InProcessCli cli = new InProcessCli();
        int exit = cli.run(c.args().stream().map(a -> a.replace("{dir}", dir.toString())).toArray(String[]::new));
        String output = cli.out() + cli.err();
        assertThat(exit).as("%s: exit code; output:%n%s", c.name(), output).isEqualTo(c.exit());
        assertThat(output).as(c.name()).doesNotContain("internal error").doesNotContain("\tat ").doesNotContain("Exception in thread")
                .contains(c.message().replace("{dir}", dir.toString()));
        c.never().forEach(text -> assertThat(output).as(c.name()).doesNotContain(text));
        c.unwritten().forEach(path -> assertThat(dir.resolve(path)).as(c.name()).doesNotExist());
        assertThat(output.codePoints().filter(HostileInputSuiteTest::isControl).findAny())
                .as("%s: a control character in the output:%n%s", c.name(), output).isEmpty();
    }

    /**
     * The name {@code plan --fit} looks for beside the case's {@code experiment.yaml}, where a file to write is named
     * {@value #CALIBRATION}: a calibration's name is its key's digest, and the key holds this machine's cores and memory.
     */
    private static String calibrationName(String name, Path dir) {
        return name.contains(CALIBRATION)
                ? CalibrationKey.of(Experiments.load(dir.resolve("experiment.yaml"), 1.0).experiment()).fileName() : "";
    }

    /** What {@link ControlCharacters} escapes, but a carriage return (a line end on some systems). */
    static boolean isControl(int c) {
        return c != '\r' && ControlCharacters.isControl(c);
    }
}
