package com.tudicloud.asynctask.admin;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RestController;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The admin's packages: the REST API's controllers are the console module's (where a service that embeds the
 * console gets them too), the application's only controller being its error page; the JSON and error handling
 * of its own in api.json and api.error know no controller; no cycle among the packages below the application's own.
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
    void theOnlyControllerOfTheApplicationIsItsErrorPage() {
        classes().that().areAnnotatedWith(RestController.class).or().areAnnotatedWith(Controller.class)
                .should().haveFullyQualifiedName("com.tudicloud.asynctask.admin.api.error.ProblemErrorController").check(CLASSES);
    }

    @Test
    void noPackageCycle() {
        slices().matching("com.tudicloud.asynctask.admin.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
