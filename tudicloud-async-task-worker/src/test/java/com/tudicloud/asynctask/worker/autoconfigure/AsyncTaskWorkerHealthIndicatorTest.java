package com.tudicloud.asynctask.worker.autoconfigure;

import com.tudicloud.asynctask.client.JacksonPayloadCodec;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskMetrics;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.tudicloud.asynctask.worker.engine.HandlerRegistry;
import com.tudicloud.asynctask.worker.engine.NoopHandler;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import tools.jackson.databind.json.JsonMapper;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The worker's health follows its database round trips: UP while its heartbeats and claims reach the
 * database, DOWN after half a lease without (an idle worker has no lease to renew, its claims tell).
 */
class AsyncTaskWorkerHealthIndicatorTest {

    @Test
    void upWhileHeartbeatsReachTheDatabase() {
        try (HikariDataSource pool = TestDatabase.get().newDataSource(2)) {
            AsyncTaskWorker worker = worker(pool);
            worker.start();
            try {
                await().pollDelay(Duration.ofMillis(600)).atMost(Duration.ofSeconds(10))
                        .until(() -> health(worker).getStatus().equals(Status.UP));
                assertThat(health(worker).getDetails()).containsEntry("databaseReachable", true)
                        .containsEntry("failedHeartbeatsInARow", 0);
            } finally {
                worker.stop();
            }
            assertThat(health(worker).getStatus()).as("a stopped worker").isEqualTo(Status.DOWN);
        }
    }

    @Test
    void downOnceClaimsFailForHalfTheLease() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:mysql://127.0.0.1:1/nowhere");   // nothing listens on port 1
        config.setConnectionTimeout(250);
        config.setInitializationFailTimeout(-1);
        try (HikariDataSource unreachable = new HikariDataSource(config)) {
            AsyncTaskWorker worker = worker(unreachable);
            worker.start();
            try {
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> worker.vitals().millisSincePoll() > 500);
                Health health = health(worker);
                assertThat(health.getStatus()).isEqualTo(Status.DOWN);
                assertThat(health.getDetails()).containsEntry("databaseReachable", false);
            } finally {
                worker.stop();
            }
        }
    }

    private static Health health(AsyncTaskWorker worker) {
        return new AsyncTaskWorkerHealthIndicator(worker).health(true);
    }

    private static AsyncTaskWorker worker(DataSource dataSource) {
        AsyncTaskProperties.Worker settings = new AsyncTaskProperties().getWorker();
        settings.setLeaseTimeout(Duration.ofSeconds(1));
        settings.setHeartbeatInterval(Duration.ofMillis(200));
        settings.setRecoveryInterval(Duration.ofSeconds(1));
        settings.setPollInterval(Duration.ofMillis(100));
        settings.setShutdownTimeout(Duration.ofMillis(200));
        MyBatisStores stores = MyBatisStores.create(dataSource);
        return new AsyncTaskWorker("health-probe", settings, stores.leaseStore(), stores.workerRegistry(), stores.fleetSettings(),
                new HandlerRegistry(List.of(new NoopHandler())),
                new JacksonPayloadCodec(JsonMapper.builder().build()), AsyncTaskMetrics.NONE);
    }
}
