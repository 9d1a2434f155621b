package io.upgradelab.journal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The journal's reference page (docs/reference/journal.md) is made from the records the journal's lines
 * are, so it cannot drift from them: a new line type or field changes the page, and this test fails until
 * the committed page is made again:
 * {@code ./mvnw -B -ntp -o -q -pl journal test -Dtest=JournalReferenceTest -Dupgradelab.writeDocs=true}.
 */
class JournalReferenceTest {

    private static final Path PAGE = GeneratedPage.inDocs("reference/journal.md");

    @Test
    void theCommittedReferenceIsTheOneTheRecordsMake() throws IOException {
        String made = page(lineRecords()) + registryLog(registryRecords());
        GeneratedPage.assertCommitted(PAGE, made);
    }

    @Test
    void everyLineTypeOfTheRunIsAmongTheRecords() {
        assertThat(lineRecords().stream().map(JournalJson::typeOf).distinct()).contains("runStarted", "setUp",
                "phaseStarted", "phaseEnded", "sample", "probe", "upgradeStep", "doubleWrite", "clientBatch",
                "fleetScaled", "raftLeaderTransfer", "storageMigrated", "upgradeForced", "warning", "fault",
                "conditionHeld", "note", "error", "abort", "runEnded");
    }

    /** Every record of the journal with a {@link LineType}, by type and observer. */
    private static List<Class<?>> lineRecords() {
        return records("io.upgradelab.journal").stream().filter(c -> !c.getPackageName().equals(REGISTRY)).toList();
    }

    /** The records of {@code registry.jsonl}, the fleet's file. */
    private static List<Class<?>> registryRecords() {
        return records(REGISTRY);
    }

    private static final String REGISTRY = "io.upgradelab.journal.registry";

    private static List<Class<?>> records(String pkg) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(pkg).stream().filter(c -> c.isAnnotatedWith(LineType.class))
                .map(JavaClass::reflect).<Class<?>>map(c -> c)
                .sorted(Comparator.comparing((Class<?> c) -> JournalJson.typeOf(c)).thenComparing(JournalJson::observerOf)
                        .thenComparing(Class::getSimpleName))
                .toList();
    }

    private static String page(List<Class<?>> records) {
        StringBuilder page = new StringBuilder("""
                # The journal's lines

                Made from the records of `journal/` by `JournalReferenceTest`: do not edit by hand. Every line of
                `journal.jsonl` also has `type`, `time` (UTC), `elapsed` (seconds since the run began) and `phase`
                (1-based; 0 while setting up, -1 while tearing down); a sample also has `observer`. A field marked
                optional is absent from a line where it does not apply. What each line means, and when it is
                written, is in the record's own documentation (`journal/src/main/java/io/upgradelab/journal/`) and
                in the guide ([The journal](../guide/journal-and-reports.md#the-journal)). The format is versioned:
                `runStarted.format`, now %d.

                | type | observer | record | fields |
                |---|---|---|---|
                """.formatted(JournalJson.FORMAT));
        for (Class<?> record : records) {
            page.append("| `").append(JournalJson.typeOf(record)).append("` | ")
                    .append(JournalJson.observerOf(record).isEmpty() ? "" : "`" + JournalJson.observerOf(record) + "`")
                    .append(" | `").append(record.getSimpleName()).append("` | ").append(fields(record)).append(" |\n");
        }
        return page.toString();
    }

    private static String registryLog(List<Class<?>> records) {
        StringBuilder page = new StringBuilder("""

                ## registry.jsonl

                The fleet's own file, `fleet/registry.jsonl` of a run: every operation the registry acknowledged and
                every push its subscribers received, which `upgrade-lab check` and the criteria `ackedVisible`,
                `deadGoneWithin` and `noEmptyPush` read (docs/guide/journal-and-reports.md, "The registry's
                promises"). Every line also has `type` and `time` (UTC: when the client returned, or the listener
                was called). Its format is versioned: `registryLogStarted.format`, now %d.

                | type | record | fields |
                |---|---|---|
                """.formatted(io.upgradelab.journal.registry.RegistryLog.FORMAT));
        for (Class<?> record : records) {
            page.append("| `").append(JournalJson.typeOf(record)).append("` | `").append(record.getSimpleName())
                    .append("` | ").append(fields(record)).append(" |\n");
        }
        return page.toString();
    }

    private static String fields(Class<?> record) {
        boolean absentWhenNull = record.isAnnotationPresent(JsonInclude.class);
        return java.util.Arrays.stream(record.getRecordComponents()).map(c -> field(c, absentWhenNull))
                .collect(Collectors.joining(", "));
    }

    private static String field(RecordComponent component, boolean absentWhenNull) {
        boolean optional = !component.getType().isPrimitive()
                && (absentWhenNull || component.getAccessor().isAnnotationPresent(JsonInclude.class));
        return "`" + component.getName() + "` " + typeName(component) + (optional ? " (optional)" : "");
    }

    /** The component's type without packages: {@code List<UpgradeSample>}, {@code SetUp.ClusterNode}. */
    private static String typeName(RecordComponent component) {
        return component.getGenericType().getTypeName().replaceAll("\\b[a-z][\\w]*\\.", "").replace('$', '.')
                .replace("<", "&lt;").replace(">", "&gt;");
    }
}
