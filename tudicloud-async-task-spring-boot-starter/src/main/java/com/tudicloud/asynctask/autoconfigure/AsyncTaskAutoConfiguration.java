package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.TaskHandler;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.ScheduleStore;
import com.tudicloud.asynctask.api.RecurringTask;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import com.tudicloud.asynctask.worker.maintenance.BatchRepair;
import com.tudicloud.asynctask.worker.maintenance.RetentionJob;
import com.tudicloud.asynctask.worker.metrics.FleetGauges;
import com.tudicloud.asynctask.worker.metrics.ScheduleGauges;
import com.tudicloud.asynctask.worker.schedule.DeclaredSchedules;
import com.tudicloud.asynctask.worker.schedule.RecurringTaskScheduler;
import com.tudicloud.asynctask.worker.schedule.ScheduleChanges;
import com.tudicloud.asynctask.worker.schedule.ScheduleOperations;
import com.tudicloud.asynctask.worker.metrics.MicrometerAsyncTaskMetrics;
import com.tudicloud.asynctask.worker.policy.TaskPolicyResolver;
import com.tudicloud.asynctask.worker.policy.TaskTypePolicies;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a service gets by adding the worker dependency, beside the client: a worker running every
 * {@link TaskHandler} bean (observed through the application's {@link ObservationRegistry} when it has one), the
 * fleet's gauges and retention. Without a handler bean none of it starts
 * (no thread, no registry row, no part in recovery or retention) unless {@code async-task.worker.enabled=true}
 * asks for it; {@code async-task.worker.enabled=false} never starts it. Each bean backs off when the service
 * defines its own.
 */
@AutoConfiguration(after = AsyncTaskClientAutoConfiguration.class, afterName =
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@EnableConfigurationProperties({AsyncTaskWorkerProperties.class, AsyncTaskScheduleProperties.class,
        AsyncTaskRetentionProperties.class, AsyncTaskMetricsProperties.class})
public class AsyncTaskAutoConfiguration {

    /**
     * Each task type's policy: its {@code async-task.types.<type>} properties over its handler's declaration over
     * the worker's settings, checked here so that a bad one stops the start. The client takes its task types'
     * default priority and max attempts from it, whether a worker runs or not.
     */
    @Bean
    @ConditionalOnMissingBean
    AsyncTaskSettings asyncTaskSettings(AsyncTaskWorkerProperties worker, AsyncTaskRetentionProperties retention,
                                        AsyncTaskScheduleProperties schedules, AsyncTaskMetricsProperties metrics) {
        return new AsyncTaskSettings(worker, retention, schedules, metrics);
    }

    @Bean
    @ConditionalOnMissingBean
    TaskTypePolicies asyncTaskTypePolicies(AsyncTaskSettings settings, ObjectProvider<TaskHandler<?>> handlers,
                                           Environment environment) {
        List<TaskHandler<?>> all = handlers.orderedStream().toList();
        return TaskPolicyResolver.resolve(settings.worker(),
                TaskTypeProperties.bind(environment, all.stream().map(TaskHandler::taskType).toList()), all);
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(MyBatisStores.class)
    ScheduleStore asyncTaskScheduleStore(MyBatisStores stores) {
        return stores.scheduleStore();
    }

    /** Wakes this JVM's scheduler when a schedule changes here. */
    @Bean
    @ConditionalOnMissingBean
    ScheduleChanges asyncTaskScheduleChanges() {
        return new ScheduleChanges();
    }

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnBean(ScheduleStore.class)
    ScheduleOperations asyncTaskScheduleOperations(ScheduleStore store, ScheduleChanges changes) {
        return new ScheduleOperations(store, changes);
    }

    /** The application's {@link RecurringTask} beans, written to the database once its beans are ready. */
    @Bean(destroyMethod = "stop")
    @ConditionalOnMissingBean
    @ConditionalOnBean(ScheduleStore.class)
    DeclaredSchedules asyncTaskDeclaredSchedules(ObjectProvider<RecurringTask> declared, ScheduleOperations operations,
                                                 PayloadCodec codec, TaskTypePolicies policies) {
        return new DeclaredSchedules(declared.orderedStream().toList(), operations, codec, policies);
    }

    @Bean
    @ConditionalOnBean(DeclaredSchedules.class)
    SmartInitializingSingleton asyncTaskDeclaredSchedulesWriter(DeclaredSchedules declared) {
        return declared::write;
    }

    /** Starts and stops the application's maintenance services (retention, the scheduler, the gauges, ...) with it. */
    @Bean
    @ConditionalOnMissingBean
    MaintenanceLifecycle asyncTaskMaintenanceLifecycle(ObjectProvider<MaintenanceService> services) {
        return new MaintenanceLifecycle(services);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(LeaseStore.class)
    @Conditional(WorkerWanted.class)
    static class WorkerConfiguration {

        /** Without Micrometer on the class path (nested configurations come first, so this is the fallback). */
        @Bean
        @ConditionalOnMissingBean
        AsyncTaskMetrics asyncTaskMetricsNone() {
            return AsyncTaskMetrics.NONE;
        }

        @Bean
        @ConditionalOnMissingBean
        AsyncTaskWorker asyncTaskWorker(AsyncTaskSettings settings, LeaseStore store, WorkerRegistry registry,
                                        FleetSettings fleetSettings, ObjectProvider<TaskHandler<?>> handlers,
                                        TaskTypePolicies policies, PayloadCodec codec, AsyncTaskMetrics metrics,
                                        ObjectProvider<ObservationRegistry> observations) {
            return AsyncTaskWorker.builder(store, registry, fleetSettings).config(settings.worker())
                    .handlers(handlers.orderedStream().toList()).policies(policies).codec(codec).metrics(metrics)
                    .observations(observations.getIfAvailable(() -> ObservationRegistry.NOOP))
                    .build();
        }

        @Bean
        AsyncTaskWorkerLifecycle asyncTaskWorkerLifecycle(AsyncTaskWorker worker) {
            return new AsyncTaskWorkerLifecycle(worker);
        }

        /** Every worker runs the scheduler loop unless told not to; the database makes each fire time fire once. */
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(prefix = "async-task.schedules", name = "enabled", matchIfMissing = true)
        RecurringTaskScheduler asyncTaskRecurringTaskScheduler(ScheduleStore store, AsyncTaskSettings settings,
                                                               AsyncTaskMetrics metrics, ScheduleChanges changes) {
            return new RecurringTaskScheduler(store, settings.schedules(), metrics, changes);
        }

        /** Workers prune finished tasks, one at a time across the fleet. */
        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnBooleanProperty(prefix = "async-task.retention", name = "enabled", matchIfMissing = true)
        RetentionJob asyncTaskRetentionJob(AsyncTaskWorker worker, AsyncTaskSettings settings,
                                           TaskAdminStore store, FleetLocks locks, AsyncTaskMetrics metrics) {
            return new RetentionJob(worker.workerId(), settings.retention(), store, locks, metrics);
        }

        /** Workers end the batches a write path left open, counting each (a bug shows); the recovery's interval. */
        @Bean
        @ConditionalOnMissingBean
        BatchRepair asyncTaskBatchRepair(BatchStore store, AsyncTaskSettings settings, AsyncTaskMetrics metrics) {
            return new BatchRepair(store, settings.worker().recoveryInterval(), metrics);
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
                                             AsyncTaskSettings settings, ObjectProvider<TaskHandler<?>> handlers) {
                return new FleetGauges(store, workers, registry, settings.queueRefreshInterval(),
                        settings.worker().liveWorkerSilence(),
                        handlers.orderedStream().map(TaskHandler::taskType).collect(Collectors.toSet()));
            }

            /** How late each schedule is, for the alert on a schedule more than one period late. */
            @Bean
            @ConditionalOnMissingBean
            @ConditionalOnBean(MeterRegistry.class)
            ScheduleGauges asyncTaskScheduleGauges(ScheduleStore store, MeterRegistry registry,
                                                   AsyncTaskSettings settings) {
                return new ScheduleGauges(store, registry, settings.queueRefreshInterval());
            }
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

    /** A worker runs when asked to ({@code enabled=true}), or when not told otherwise and there is a handler to run. */
    static class WorkerWanted extends AnyNestedCondition {

        WorkerWanted() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnBooleanProperty(prefix = "async-task.worker", name = "enabled")
        static class AskedFor {
        }

        @ConditionalOnBean(TaskHandler.class)
        @ConditionalOnBooleanProperty(prefix = "async-task.worker", name = "enabled", matchIfMissing = true)
        static class HasHandlers {
        }
    }
}
