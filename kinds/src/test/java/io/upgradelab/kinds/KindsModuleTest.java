package io.upgradelab.kinds;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * What files name is read below every module that reads files: the runner (experiments) and the reports
 * (policies) both use it, so it knows neither, and ClassGraph stays in the build's index writer.
 */
@AnalyzeClasses(packages = "io.upgradelab.kinds", importOptions = ImportOption.DoNotIncludeTests.class)
class KindsModuleTest {

    @ArchTest
    static final ArchRule knowsNoOtherModule = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("io.upgradelab.runner..", "io.upgradelab.reports..", "io.upgradelab.journal..",
                    "io.upgradelab.probe..", "io.upgradelab.providers..");

    @ArchTest
    static final ArchRule onlyTheBuildsIndexWriterScansTheClassPath = noClasses().that()
            .doNotHaveSimpleName("KindIndexWriter").should().dependOnClassesThat()
            .resideInAPackage("io.github.classgraph..");
}
