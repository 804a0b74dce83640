package com.tudicloud.asynctask.worker.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.JacksonPayloadCodec;
import com.tudicloud.asynctask.worker.PayloadCodec;
import com.tudicloud.asynctask.worker.TaskSubmissionListener;
import com.tudicloud.asynctask.worker.TaskTypeProperties;
import com.tudicloud.asynctask.worker.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.engine.HandlerRegistry;
import com.tudicloud.asynctask.worker.engine.RetentionJob;
import com.tudicloud.asynctask.worker.engine.WorkerIds;
import com.tudicloud.asynctask.worker.metrics.MicrometerAsyncTaskMetrics;
import com.tudicloud.asynctask.worker.metrics.FleetGauges;
import com.tudicloud.asynctask.worker.metrics.ScheduleGauges;
import com.tudicloud.asynctask.worker.schedule.DeclaredSchedules;
import com.tudicloud.asynctask.worker.schedule.RecurringTaskScheduler;
import com.tudicloud.asynctask.worker.schedule.ScheduleChanges;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import com.tudicloud.asynctask.worker.policy.TaskPolicyResolver;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a service gets by adding the worker dependency: the MyBatis stores on its DataSource (the one
 * {@code async-task.datasource} names when it has several), a
 * client, and (unless {@code async-task.worker.enabled=false}) a worker running every
 * {@link TaskHandler} bean. Each bean backs off when the service defines its own.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class, afterName = {
        "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(AsyncTaskProperties.class)
public class AsyncTaskAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    MyBatisStores asyncTaskStores(ListableBeanFactory beans, AsyncTaskProperties properties, AsyncTaskMetrics metrics) {
        return MyBatisStores.create(DataSourceChoice.choose(beans, properties.getDatasource()), metrics::databaseRetry);
    }

    /** Stops the start, naming the missing tables, on a database without the schema. */
    @Bean
    @ConditionalOnMissingBean
    SchemaVerification asyncTaskSchemaVerification(MyBatisStores stores) {
        return new SchemaVerification(stores.schemaCheck());
    }

    /** Without Micrometer on the class path (nested configurations come first, so this is the fallback). */
    @Bean
    @ConditionalOnMissingBean
    AsyncTaskMetrics asyncTaskMetricsNone() {
        return AsyncTaskMetrics.NONE;
    }

    @Bean
    @ConditionalOnMissingBean
    TaskStore asyncTaskStore(MyBatisStores stores) {
        return stores.taskStore();
    }

    @Bean
    @ConditionalOnMissingBean
    LeaseStore asyncTaskLeaseStore(MyBatisStores stores) {
        return stores.leaseStore();
    }

    @Bean
    @ConditionalOnMissingBean
    TaskAdminStore asyncTaskAdminStore(MyBatisStores stores) {
        return stores.adminStore();
    }

    @Bean
    @ConditionalOnMissingBean
    WorkerRegistry asyncTaskWorkerRegistry(MyBatisStores stores) {
        return stores.workerRegistry();
    }

    @Bean
    @ConditionalOnMissingBean
    FleetSettings asyncTaskFleetSettings(MyBatisStores stores) {
        return stores.fleetSettings();
    }

    @Bean
    @ConditionalOnMissingBean
    FleetLocks asyncTaskFleetLocks(MyBatisStores stores) {
        return stores.fleetLocks();
    }

    @Bean
    @ConditionalOnMissingBean
    ScheduleStore asyncTaskScheduleStore(MyBatisStores stores) {
        return stores.scheduleStore();
    }

    @Bean
    @ConditionalOnMissingBean
    ScheduleOperations asyncTaskScheduleOperations(ScheduleStore store, ScheduleChanges changes) {
        return new ScheduleOperations(store, changes);
    }

    /** Wakes this JVM's scheduler when a schedule changes here. */
    @Bean
    @ConditionalOnMissingBean
    ScheduleChanges asyncTaskScheduleChanges() {
        return new ScheduleChanges();
    }

    /** The application's {@link RecurringTask} beans, written to the database once its beans are ready. */
    @Bean
    @ConditionalOnMissingBean
    DeclaredSchedules asyncTaskDeclaredSchedules(ObjectProvider<RecurringTask> declared, ScheduleOperations operations,
                                                 PayloadCodec codec, TaskTypePolicies policies) {
        return new DeclaredSchedules(declared.orderedStream().toList(), operations, codec, policies);
    }

    @Bean
    @ConditionalOnMissingBean
    PayloadCodec asyncTaskPayloadCodec(ObjectProvider<JsonMapper> jsonMapper) {
        return new JacksonPayloadCodec(jsonMapper.getIfAvailable(() -> JsonMapper.builder().build()));
    }

    /**
     * Each task type's policy: its {@code async-task.types.<type>} properties over its handler's declaration over
     * the worker's settings, checked here so that a bad one stops the start.
     */
    @Bean
    @ConditionalOnMissingBean
    TaskTypePolicies asyncTaskTypePolicies(AsyncTaskProperties properties, ObjectProvider<TaskHandler<?>> handlers,
                                           Environment environment) {
        List<TaskHandler<?>> all = handlers.orderedStream().toList();
        return TaskPolicyResolver.resolve(properties.getWorker(),
                TaskTypeProperties.bind(environment, all.stream().map(TaskHandler::taskType).toList()), all);
    }

    @Bean
    @ConditionalOnMissingBean
    AsyncTaskClient asyncTaskClient(TaskStore store, PayloadCodec codec, ObjectProvider<Clock> clock,
                                    ObjectProvider<TaskSubmissionListener> listeners, AsyncTaskMetrics metrics,
                                    ObjectProvider<TaskTypePolicies> policies) {
        // listeners and policies are looked up per submit: a handler may use the client, and both depend on handlers
        TaskSubmissionListener notifyAll = types -> listeners.orderedStream().forEach(l -> l.tasksSubmitted(types));
        return new DefaultAsyncTaskClient(store, codec, clock.getIfAvailable(Clock::systemUTC), notifyAll, metrics,
                policies::getObject);
    }

    /** The application's Liquibase migration, when it has one, runs under a database-wide lock. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "liquibase.integration.spring.SpringLiquibase")
    static class SchemaLockConfiguration {

        @Bean
        static LiquibaseSchemaLock asyncTaskLiquibaseSchemaLock() {
            return new LiquibaseSchemaLock();
        }
    }

    /** Meters through Micrometer when the application has a MeterRegistry; none otherwise. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
    static class MetricsConfiguration {

        @Bean
        @ConditionalOnMissingBean
        AsyncTaskMetrics asyncTaskMetrics(ObjectProvider<MeterRegistry> registry) {
            MeterRegistry meters = registry.getIfAvailable();
            return meters == null ? AsyncTaskMetrics.NONE : new MicrometerAsyncTaskMetrics(meters);
        }

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBean(MeterRegistry.class)
        FleetGauges asyncTaskFleetGauges(TaskAdminStore store, WorkerRegistry workers, MeterRegistry registry,
                                         AsyncTaskProperties properties, ObjectProvider<TaskHandler<?>> handlers) {
            return new FleetGauges(store, workers, registry, properties.getMetrics().getQueueRefreshInterval(),
                    properties.getWorker().liveWorkerSilence(),
                    handlers.orderedStream().map(TaskHandler::taskType).collect(Collectors.toSet()));
        }

        /** How late each schedule is, for the alert on a schedule more than one period late. */
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBean(MeterRegistry.class)
        ScheduleGauges asyncTaskScheduleGauges(ScheduleStore store, MeterRegistry registry, AsyncTaskProperties properties) {
            return new ScheduleGauges(store, registry, properties.getMetrics().getQueueRefreshInterval());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "async-task.worker", name = "enabled", havingValue = "true", matchIfMissing = true)
    static class WorkerConfiguration {

        @Bean
        @ConditionalOnMissingBean
        AsyncTaskWorker asyncTaskWorker(AsyncTaskProperties properties, LeaseStore store, WorkerRegistry registry,
                                        FleetSettings fleetSettings, ObjectProvider<TaskHandler<?>> handlers,
                                        TaskTypePolicies policies, PayloadCodec codec, AsyncTaskMetrics metrics) {
            AsyncTaskProperties.Worker settings = properties.getWorker();
            String workerId = settings.getWorkerId() != null ? settings.getWorkerId() : WorkerIds.generate();
            return new AsyncTaskWorker(workerId, settings, store, registry, fleetSettings,
                    new HandlerRegistry(handlers.orderedStream().toList()), policies, codec, metrics);
        }

        /** Workers prune finished tasks, one at a time across the fleet. */
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnProperty(prefix = "async-task.retention", name = "enabled", havingValue = "true", matchIfMissing = true)
        RetentionJob asyncTaskRetentionJob(AsyncTaskWorker worker, AsyncTaskProperties properties,
                                           TaskAdminStore store, FleetLocks locks, AsyncTaskMetrics metrics) {
            return new RetentionJob(worker.workerId(), properties.getRetention(), store, locks, metrics);
        }

        /** Every worker runs the scheduler loop unless told not to; the database makes each fire time fire once. */
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnProperty(prefix = "async-task.schedules", name = "enabled", havingValue = "true", matchIfMissing = true)
        RecurringTaskScheduler asyncTaskRecurringTaskScheduler(ScheduleStore store, AsyncTaskProperties properties,
                                                               AsyncTaskMetrics metrics, ObjectProvider<Clock> clock,
                                                               ScheduleChanges changes) {
            return new RecurringTaskScheduler(store, properties.getSchedules(), metrics,
                    clock.getIfAvailable(Clock::systemUTC), changes);
        }

        /** /actuator/health/asyncTaskWorker, where Spring Boot's health support is present. */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
        static class HealthConfiguration {

            @Bean
            @ConditionalOnMissingBean(name = "asyncTaskWorkerHealthIndicator")
            AsyncTaskWorkerHealthIndicator asyncTaskWorkerHealthIndicator(AsyncTaskWorker worker) {
                return new AsyncTaskWorkerHealthIndicator(worker);
            }
        }
    }
}
