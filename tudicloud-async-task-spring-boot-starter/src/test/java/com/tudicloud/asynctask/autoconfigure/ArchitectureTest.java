package com.tudicloud.asynctask.autoconfigure;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.support.CronExpression;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layout's rules, on the compiled classes of every module this one sees: the api, the client and the engine
 * are plain Java (the engine may use Spring's cron parser, a class with no container behind it); each module
 * depends only on those below it (api, mybatis and client, worker, this starter); no package cycle.
 */
class ArchitectureTest {

    private static final String API = "com.tudicloud.asynctask.api..";
    private static final String MYBATIS = "com.tudicloud.asynctask.mybatis..";
    private static final String CLIENT = "com.tudicloud.asynctask.client..";
    private static final String WORKER = "com.tudicloud.asynctask.worker..";
    private static final String STARTER = "com.tudicloud.asynctask.autoconfigure..";

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.tudicloud.asynctask");

    @Test
    void theApiTheClientAndTheEngineDoNotUseSpring() {
        noClasses().that().resideInAnyPackage(API, CLIENT, WORKER)
                .should().dependOnClassesThat(resideInAPackage("org.springframework..").and(not(type(CronExpression.class))))
                .check(CLASSES);
    }

    @Test
    void everyModuleDependsOnlyOnThoseBelowIt() {
        noClasses().that().resideInAPackage(API)
                .should().dependOnClassesThat().resideInAnyPackage(MYBATIS, CLIENT, WORKER, STARTER).check(CLASSES);
        noClasses().that().resideInAPackage(MYBATIS)
                .should().dependOnClassesThat().resideInAnyPackage(CLIENT, WORKER, STARTER).check(CLASSES);
        noClasses().that().resideInAPackage(CLIENT)
                .should().dependOnClassesThat().resideInAnyPackage(MYBATIS, WORKER, STARTER).check(CLASSES);
        noClasses().that().resideInAPackage(WORKER)
                .should().dependOnClassesThat().resideInAnyPackage(MYBATIS, STARTER).check(CLASSES);
    }

    @Test
    void noPackageCycle() {
        slices().matching("com.tudicloud.asynctask.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
