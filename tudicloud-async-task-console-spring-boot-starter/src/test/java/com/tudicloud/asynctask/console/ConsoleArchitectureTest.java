package com.tudicloud.asynctask.console;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The console's packages: controllers in api over the JSON types in api.json over the error handling in api.error;
 * the API and the pages know nothing of how an application mounts them (the embedding in autoconfigure), nothing of
 * the admin application, and no package cycle.
 */
class ConsoleArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.tudicloud.asynctask.console");

    @Test
    void theJsonTypesKnowNoControllerAndTheErrorHandlingNeitherOfThem() {
        noClasses().that().resideInAPackage("..console.api.json..")
                .should().dependOnClassesThat().resideInAPackage("com.tudicloud.asynctask.console.api").check(CLASSES);
        noClasses().that().resideInAPackage("..console.api.error..")
                .should().dependOnClassesThat().resideInAnyPackage("com.tudicloud.asynctask.console.api",
                        "..console.api.json..").check(CLASSES);
    }

    @Test
    void onlyTheEmbeddingKnowsHowTheConsoleIsMounted() {
        noClasses().that().resideOutsideOfPackage("..console.autoconfigure..")
                .should().dependOnClassesThat().resideInAPackage("..console.autoconfigure..").check(CLASSES);
    }

    @Test
    void theConsoleKnowsNothingOfTheAdminApplication() {
        noClasses().should().dependOnClassesThat().resideInAPackage("com.tudicloud.asynctask.admin..").check(CLASSES);
    }

    @Test
    void noPackageCycle() {
        slices().matching("com.tudicloud.asynctask.console.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
