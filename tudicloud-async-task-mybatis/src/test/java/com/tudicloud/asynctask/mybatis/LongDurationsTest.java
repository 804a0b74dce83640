package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.WorkerInfo;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Durations far beyond the 35.8 minutes a 32-bit count of microseconds holds, on every database the
 * project supports: MySQL/MariaDB, and H2 (the demo's embedded database), where {@code ? * 1000} is typed
 * INTEGER and overflows. Java sends each duration in the unit the SQL needs.
 */
class LongDurationsTest {

    private static final long DAY_SECONDS = 24 * 3600;
    private static final long YEAR_SECONDS = 365 * DAY_SECONDS;
    private static final Duration CENTURY = Duration.ofDays(100 * 365);

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aSubmitDelayOfACentury(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        long id = f.submit(CENTURY.toMillis());

        assertThat(f.secondsUntil("available_at", id)).isCloseTo(CENTURY.toSeconds(), within(DAY_SECONDS));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aDelayBeyondTheCalendarIsClamped(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        long id = f.submit(Long.MAX_VALUE);

        assertThat(f.secondsUntil("available_at", id)).isGreaterThan(100 * YEAR_SECONDS);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aLeaseOfADayOnClaimAndRenewal(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        Duration day = Duration.ofDays(1);
        long id = f.submit(0);
        ClaimedTask task = f.stores.leaseStore().claim(new ClaimRequest("w", Set.of(f.type), 1, day, ConcurrencyLimits.NONE)).get(0);
        assertThat(f.secondsUntil("lease_until", id)).isCloseTo(DAY_SECONDS, within(60L));

        assertThat(f.stores.leaseStore().renew("w", List.of(new LeaseRenewal(id, task.leaseToken(), 5, "on")), day.multipliedBy(2)))
                .containsEntry(id, LeaseState.HELD);
        assertThat(f.secondsUntil("lease_until", id)).isCloseTo(2 * DAY_SECONDS, within(60L));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aRetryAfterTenYears(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        long id = f.submit(0);
        ClaimedTask task = f.claim();

        f.stores.leaseStore().complete("w", List.of(Completion.retry(id, task.leaseToken(), "later",
                Duration.ofDays(10 * 365).toMillis()), Completion.failed(f.submitAndClaim(), 1, "mixed group")));

        assertThat(f.status(id)).isEqualTo("SCHEDULED");
        assertThat(f.secondsUntil("available_at", id)).isCloseTo(10 * YEAR_SECONDS, within(DAY_SECONDS));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void retentionAgesOfACentury(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        long ancient = f.finishedDaysAgo(101 * 365);
        long old = f.finishedDaysAgo(99 * 365);

        int deleted = f.stores.adminStore().deleteFinished(TaskStatus.SUCCESS, CENTURY, 100);

        assertThat(deleted).isEqualTo(1);
        assertThat(f.exists(ancient)).isFalse();
        assertThat(f.exists(old)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aFleetLockHeldForACentury(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        try {
            assertThat(f.stores.fleetLocks().tryAcquire("retention", "a", CENTURY)).isTrue();
            assertThat(f.stores.fleetLocks().tryAcquire("retention", "b", Duration.ofSeconds(1))).isFalse();
            assertThat(f.secondsUntilLockEnds("retention")).isCloseTo(CENTURY.toSeconds(), within(DAY_SECONDS));
        } finally {
            f.stores.fleetLocks().release("retention", "a");
        }
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void workerRegistryWindowsOfACentury(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        String worker = "long-" + f.type;
        f.stores.workerRegistry().register(worker, "host", f.type, 1);

        assertThat(f.stores.workerRegistry().seenWithin(CENTURY)).extracting(WorkerInfo::workerId).contains(worker);
        f.stores.workerRegistry().purgeOlderThan(CENTURY);
        assertThat(f.stores.workerRegistry().seenWithin(CENTURY)).extracting(WorkerInfo::workerId).contains(worker);
    }

    /** One test's view of a database: its own task type, so that the shared tables need no cleaning. */
    private static final class Fixture {

        final MyBatisStores stores;
        final JdbcTemplate jdbc;
        final String type = "long-" + System.nanoTime();

        Fixture(DataSource dataSource) {
            this.stores = MyBatisStores.create(dataSource);
            this.jdbc = new JdbcTemplate(dataSource);
            jdbc.update("DELETE FROM system_async_task");
        }

        long submit(long delayMillis) {
            return stores.taskStore().insert(List.of(new NewTask(type, null, 0, delayMillis, 3, null, null))).get(0).taskId();
        }

        ClaimedTask claim() {
            return stores.leaseStore().claim(new ClaimRequest("w", Set.of(type), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE)).get(0);
        }

        long submitAndClaim() {
            long id = submit(0);
            claim();
            return id;
        }

        long finishedDaysAgo(int days) {
            long id = submit(0);
            jdbc.update("UPDATE system_async_task SET status = 'SUCCESS', finished_at = TIMESTAMPADD(DAY, ?, NOW(3)) "
                    + "WHERE id = ?", -days, id);
            return id;
        }

        long secondsUntil(String column, long id) {
            return jdbc.queryForObject("SELECT TIMESTAMPDIFF(SECOND, NOW(3), " + column + ") FROM system_async_task "
                    + "WHERE id = ?", Long.class, id);
        }

        long secondsUntilLockEnds(String name) {
            return jdbc.queryForObject("SELECT TIMESTAMPDIFF(SECOND, NOW(3), locked_until) FROM system_async_task_lock "
                    + "WHERE name = ?", Long.class, name);
        }

        String status(long id) {
            return jdbc.queryForObject("SELECT status FROM system_async_task WHERE id = ?", String.class, id);
        }

        boolean exists(long id) {
            return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE id = ?", Long.class, id) == 1;
        }
    }
}
