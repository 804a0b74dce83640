package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.RecurringTask;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import javax.sql.DataSource;

/**
 * The demo: a handler per demo task type (the embedded worker runs every handler bean), the feeder,
 * the banner and the demo's table. Only where {@link DemoMode} says the demo runs (the embedded database,
 * or {@code async-task.demo.enabled=true}); elsewhere none of them exists, and the admin is a plain
 * console and worker for a service's own handlers.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnDemo
@EnableConfigurationProperties(DemoProperties.class)
public class DemoConfiguration {

    /** Before Liquibase runs: only a static method's bean is ready in time to change it. */
    @Bean
    static DemoSchema demoSchema() {
        return new DemoSchema();
    }

    @Bean
    SleepTaskHandler demoSleepTaskHandler() {
        return new SleepTaskHandler();
    }

    @Bean
    FlakyTaskHandler demoFlakyTaskHandler() {
        return new FlakyTaskHandler();
    }

    @Bean
    ExportTaskHandler demoExportTaskHandler(DemoProperties properties) {
        return new ExportTaskHandler(properties.getStepPause());
    }

    @Bean
    DemoImportLedger demoImportLedger(DataSource dataSource, PlatformTransactionManager transactions) {
        return new DemoImportLedger(new JdbcDemoImportRecords(dataSource), new TransactionTemplate(transactions));
    }

    @Bean
    ImportTaskHandler demoImportTaskHandler(DemoImportLedger ledger, DemoProperties properties) {
        return new ImportTaskHandler(ledger, properties.getStepPause());
    }

    /** A recurring task, declared as code declares one: an export at every fifth minute, read in Shanghai's zone. */
    @Bean
    RecurringTask demoExportSchedule() {
        return RecurringTask.named("demo.export-every-5-minutes").cron("0 */5 * * * *").zone("Asia/Shanghai")
                .submits("demo.export", new ExportPayload(200)).overlap(OverlapPolicy.SKIP).build();
    }

    @Bean
    DemoTaskFeeder demoTaskFeeder(AsyncTaskClient client, DemoProperties properties) {
        return new DemoTaskFeeder(client, new DemoTaskMix(properties), properties.getFeedInterval());
    }

    @Bean
    DemoBanner demoBanner(Environment environment) {
        return new DemoBanner(environment);
    }
}
