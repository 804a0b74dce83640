package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.testing.H2TestDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The schema lock on the real database: one connection holds it at a time, across sessions, until it is closed. */
class SchemaLockingDataSourceTest {

    @Test
    void aSecondSessionWaitsUntilTheFirstClosesItsConnection() throws Exception {
        try (HikariDataSource pool = TestDatabase.get().newDataSource(3)) {
            SchemaLockingDataSource locking = new SchemaLockingDataSource(pool, Duration.ofSeconds(1));
            Connection first = locking.getConnection();

            assertThatThrownBy(locking::getConnection).isInstanceOf(SQLException.class)
                    .hasMessageContaining("schema lock 'tudicloud_async_task_schema'");

            SchemaLockingDataSource patient = new SchemaLockingDataSource(pool, Duration.ofSeconds(30));
            CompletableFuture<Connection> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return patient.getConnection();
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            assertThat(second).isNotDone();
            first.close();
            try (Connection got = second.get(20, TimeUnit.SECONDS)) {
                assertThat(got.isValid(1)).isTrue();
            }
            assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero();
        }
    }

    @Test
    void onH2TheConnectionIsReturnedAsItIs() throws Exception {
        SchemaLockingDataSource locking = new SchemaLockingDataSource(H2TestDatabase.get(), Duration.ofSeconds(1));
        try (Connection first = locking.getConnection(); Connection second = locking.getConnection()) {
            assertThat(first.isValid(1)).isTrue();
            assertThat(second.isValid(1)).isTrue();
        }
    }
}
