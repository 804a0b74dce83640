package com.tudicloud.asynctask.test;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The kit serves tests with or without Spring: its classes use none. */
class NoSpringTest {

    @Test
    void theKitsClassesDoNotUseSpring() {
        noClasses().that().resideInAPackage("com.tudicloud.asynctask.test..")
                .should().dependOnClassesThat().resideInAPackage("org.springframework..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("com.tudicloud.asynctask.test"));
    }
}
