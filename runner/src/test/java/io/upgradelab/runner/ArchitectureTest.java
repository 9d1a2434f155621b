package io.upgradelab.runner;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The runner's architecture as rules, so that a change that breaks it fails the build: dependencies
 * point one way, from the command line down to the parts a run is made of, and no two packages
 * depend on each other. docs/architecture.md draws the same picture.
 *
 * <pre>
 *   cli                          the commands
 *   engine                       runs a validated plan
 *   calibrate, render            other uses of a validated plan
 *   experiment                   the file, bound and validated; registers the kinds
 *   fault                        fault kinds (a fault phase and the faults it injects)
 *   phase                        phase kinds, and the RunContext they act through
 *   benchmark                    the naming benchmark a benchmark phase runs (clients, operations, figures)
 *   gateway                      the gateway benchmark's programs and wrk (in the benchmark layer)
 *   condition                    condition kinds
 *   observe                      observers and the latest observations
 *   backend, backend.*           the cluster, wherever it runs
 *   plan                         the state a plan moves forward, problems, the fleet's scale
 *   journal, fleet, probe, workload, nacos, process, dubbo, clients, metrics, notify, (root)   the parts: no knowledge of experiments
 * </pre>
 */
@AnalyzeClasses(packages = "io.upgradelab.runner", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] PARTS = {"io.upgradelab.runner", "..runner.journal..", "..runner.fleet..",
            "..runner.probe..", "..runner.nacos..", "..runner.process..", "..runner.dubbo..", "..runner.clients..",
            "..runner.metrics..", "..runner.workload..", "..runner.notify.."};

    /**
     * The reports read a run's journal after the fact; only the commands that print them (report, compare,
     * gate, calibrate) may use them, so a run never depends on how it will be reported.
     */
    @ArchTest
    static final ArchRule onlyTheCommandsUseTheReports = noClasses().that().resideOutsideOfPackage("..runner.cli..")
            .should().dependOnClassesThat().resideInAPackage("io.upgradelab.reports..");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.upgradelab.runner.(**)").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("cli").definedBy("..runner.cli..")
            .layer("engine").definedBy("..runner.engine..")
            .layer("tools").definedBy("..runner.calibrate..", "..runner.render..")
            .layer("experiment").definedBy("..runner.experiment..")
            .layer("faults").definedBy("..runner.fault..")
            .layer("phases").definedBy("..runner.phase..")
            .layer("preflight").definedBy("..runner.preflight..")
            .layer("benchmark").definedBy("..runner.benchmark..", "..runner.gateway..")
            .layer("conditions").definedBy("..runner.condition..")
            .layer("observers").definedBy("..runner.observe..")
            .layer("backends").definedBy("..runner.backend..")
            .layer("plan").definedBy("..runner.plan..")
            .layer("parts").definedBy(PARTS)
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("engine").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("tools").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("experiment").mayOnlyBeAccessedByLayers("cli", "engine", "tools")
            .whereLayer("faults").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment")
            .whereLayer("phases").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults")
            .whereLayer("preflight").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults",
                    "phases")
            .whereLayer("benchmark").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults",
                    "phases")
            .whereLayer("conditions")
            .mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults", "phases")
            .whereLayer("observers").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults",
                    "phases", "benchmark", "conditions")
            .whereLayer("backends").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults",
                    "phases", "preflight", "benchmark", "conditions", "observers")
            .whereLayer("plan").mayOnlyBeAccessedByLayers("cli", "engine", "tools", "experiment", "faults",
                    "phases", "preflight", "benchmark", "conditions", "observers", "backends");
}
