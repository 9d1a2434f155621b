package io.upgradelab.journal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The journal model is the bottom of every module that writes or reads a run: it knows none of
 * them, and its Jackson (optional, absent from the probe's JVM) stays in the journal's own codec.
 */
@AnalyzeClasses(packages = "io.upgradelab.journal", importOptions = ImportOption.DoNotIncludeTests.class)
class JournalModuleTest {

    @ArchTest
    static final ArchRule knowsNoOtherModule = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("io.upgradelab.runner..", "io.upgradelab.reports..", "io.upgradelab.probe..",
                    "io.upgradelab.providers..");

    @ArchTest
    static final ArchRule onlyTheJournalCodecUsesJacksonDatabind = noClasses().that()
            .doNotHaveSimpleName("JournalJson").should().dependOnClassesThat()
            .resideInAPackage("com.fasterxml.jackson.databind..");
}
