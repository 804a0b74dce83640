package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.OverlapPolicy;
import com.tudicloud.asynctask.api.RecurringTask;
import org.mybatis.spring.SqlSessionTemplate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

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
    DemoImportLedger demoImportLedger(SqlSessionTemplate sessions, PlatformTransactionManager transactions) {
        return new DemoImportLedger(importRecordMapper(sessions), new TransactionTemplate(transactions));
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

    /**
     * The mapper on the application's MyBatis. Usually mapper-locations has loaded its XML already; if
     * not (a {@code classpath:} pattern searches only the first classpath root that has the folder, and
     * in tests that is test-classes), registering the interface reads the XML beside it, as
     * MapperFactoryBean does.
     */
    static DemoImportRecordMapper importRecordMapper(SqlSessionTemplate sessions) {
        org.apache.ibatis.session.Configuration configuration = sessions.getConfiguration();
        if (!configuration.hasMapper(DemoImportRecordMapper.class)) {
            configuration.addMapper(DemoImportRecordMapper.class);
        }
        return sessions.getMapper(DemoImportRecordMapper.class);
    }

    @Bean
    DemoBanner demoBanner(Environment environment) {
        return new DemoBanner(environment);
    }
}
