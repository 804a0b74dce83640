package com.tudicloud.asynctask.admin;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The admin's packages: controllers in api over the JSON types in api.json over the error handling in api.error,
 * no cycle among the packages below the application's own.
 */
class AdminArchitectureTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.tudicloud.asynctask.admin");

    @Test
    void theJsonTypesKnowNoControllerAndTheErrorHandlingNeitherOfThem() {
        noClasses().that().resideInAPackage("..admin.api.json..")
                .should().dependOnClassesThat().resideInAPackage("com.tudicloud.asynctask.admin.api").check(CLASSES);
        noClasses().that().resideInAPackage("..admin.api.error..")
                .should().dependOnClassesThat().resideInAnyPackage("com.tudicloud.asynctask.admin.api",
                        "..admin.api.json..").check(CLASSES);
    }

    @Test
    void noPackageCycle() {
        slices().matching("com.tudicloud.asynctask.admin.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
