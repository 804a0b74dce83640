package com.tudicloud.asynctask.autoconfigure;

import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import com.tudicloud.asynctask.worker.engine.AsyncTaskWorker;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

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
        WorkerConfig settings = WorkerConfig.builder().workerId("health-probe").leaseTimeout(Duration.ofSeconds(1))
                .heartbeatInterval(Duration.ofMillis(200)).recoveryInterval(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(100)).shutdownTimeout(Duration.ofMillis(200)).build();
        MyBatisStores stores = MyBatisStores.create(dataSource);
        return AsyncTaskWorker.builder(stores.leaseStore(), stores.workerRegistry(), stores.fleetSettings())
                .config(settings).handlers(List.of(new NoopHandler())).build();
    }
}
