package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.spi.FleetLocks;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.client.ClientMetrics;
import com.tudicloud.asynctask.client.DefaultAsyncTaskClient;
import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.client.MicrometerClientMetrics;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.client.TaskTypeDefaults;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.time.Clock;

/**
 * What a service gets by adding the client dependency: the MyBatis stores on its DataSource (the one
 * {@code async-task.datasource} names when it has several), a check at start that the schema is there, and
 * an {@link AsyncTaskClient} that submits in the caller's transaction, observed through the application's
 * {@link ObservationRegistry} when it has one (with a tracer, each task keeps its submit's trace context). It starts
 * no thread: a service that only submits tasks needs nothing more. Each bean backs off when the service defines its own.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class, afterName = {
        "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties({AsyncTaskClientProperties.class, AsyncTaskEventProperties.class})
public class AsyncTaskClientAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    MyBatisStores asyncTaskStores(ListableBeanFactory beans, AsyncTaskClientProperties client,
                                  AsyncTaskEventProperties events, ClientMetrics metrics) {
        DataSource dataSource = DataSourceChoice.choose(beans, client.getDatasource());
        return MyBatisStores.create(dataSource, metrics::databaseRetry, events.getMode());
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
    ClientMetrics asyncTaskClientMetricsNone() {
        return ClientMetrics.NONE;
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
    BatchStore asyncTaskBatchStore(MyBatisStores stores) {
        return stores.batchStore();
    }

    @Bean
    @ConditionalOnMissingBean
    PayloadCodec asyncTaskPayloadCodec(ObjectProvider<JsonMapper> jsonMapper) {
        return new JacksonPayloadCodec(jsonMapper.getIfAvailable(() -> JsonMapper.builder().build()));
    }

    @Bean
    @ConditionalOnMissingBean
    AsyncTaskClient asyncTaskClient(TaskStore store, BatchStore batches, PayloadCodec codec, ObjectProvider<Clock> clock,
                                    ObjectProvider<TaskSubmissionListener> listeners, ClientMetrics metrics,
                                    ObjectProvider<TaskTypeDefaults> defaults,
                                    ObjectProvider<ObservationRegistry> observations) {
        // listeners and defaults are looked up per submit: a handler may use the client, and both depend on handlers
        TaskSubmissionListener notifyAll = types -> listeners.orderedStream().forEach(l -> l.tasksSubmitted(types));
        return new DefaultAsyncTaskClient(store, batches, codec, clock.getIfAvailable(Clock::systemUTC), notifyAll, metrics,
                () -> defaults.getIfAvailable(() -> TaskTypeDefaults.NONE), new SpringAfterCommit(),
                observations.getIfAvailable(() -> ObservationRegistry.NOOP));
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
        ClientMetrics asyncTaskClientMetrics(ObjectProvider<MeterRegistry> registry) {
            MeterRegistry meters = registry.getIfAvailable();
            return meters == null ? ClientMetrics.NONE : new MicrometerClientMetrics(meters);
        }
    }
}
