package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Bulk retry and cancel by filter on the real database: they take exactly the matching tasks, walk the
 * table in ranges of ids with one statement per range without task events (counted as the server sees
 * them, on a pool of one connection), read no more rows than the table holds, and change nothing when
 * repeated. With task events, each task changed gets one event naming the operator, one INSERT per range.
 */
class BulkActionsTest {

    private static final int TASKS = 1000;
    private static final int BATCH = 100;

    private final TestDatabase db = TestDatabase.get();
    private HikariDataSource pool;
    private TaskAdminStore admin;
    private TaskAdminStore adminWithoutEvents;
    private TaskRows rows;
    private JdbcTemplate jdbc;

    @BeforeEach
    void tasksInEveryStatus() {
        db.deleteAllTasks();
        pool = db.newDataSource(1, config -> {
            config.setJdbcUrl(TestDatabase.withOptions(config.getJdbcUrl(), "useLocalSessionState=true"));
            config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        });
        MyBatisStores stores = MyBatisStores.create(pool);
        admin = stores.adminStore();
        adminWithoutEvents = MyBatisStores.create(pool, TaskEventMode.OFF).adminStore();
        rows = new TaskRows(pool);
        jdbc = new JdbcTemplate(pool);
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            tasks.add(new NewTask(i % 5 == 4 ? "report" : "mail", null, 0, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);
        // by id: FAILED, CANCELLED, SUCCESS, RUNNING, QUEUED, SCHEDULED, in turn; two of Alice's, two of Bob's, in
        // turn, so that each owns tasks of every status wherever the ids start
        jdbc.update("UPDATE system_async_task SET owner_id = CASE WHEN MOD(id, 4) < 2 THEN 'alice' ELSE 'bob' END, status = CASE MOD(id, 6) WHEN 0 THEN 'FAILED' WHEN 1 THEN 'CANCELLED' "
                + "WHEN 2 THEN 'SUCCESS' WHEN 3 THEN 'RUNNING' WHEN 4 THEN 'QUEUED' ELSE 'SCHEDULED' END, "
                + "last_error = CASE MOD(id, 6) WHEN 0 THEN 'boom' ELSE NULL END, attempt_count = 3, "
                + "owner_id = CASE MOD(id, 2) WHEN 0 THEN 'alice' ELSE 'bob' END");
    }

    @AfterEach
    void closePool() {
        pool.close();
    }

    @Test
    void withoutEventsRetryTakesTheMatchingFailedAndCancelledTasksInOneStatementPerRangeAndARepeatChangesNothing() {
        TaskFilter alicesMail = new TaskFilter(Set.of(), "mail", "alice", null, null);
        long expected = count("task_type = 'mail' AND owner_id = 'alice' AND status IN ('FAILED', 'CANCELLED')");
        long failedWithError = count("task_type = 'mail' AND owner_id = 'alice' AND status = 'FAILED' AND last_error = 'boom'");
        assertThat(failedWithError).isPositive();
        assertThat(admin.countMatching(alicesMail.within(TaskAdminStore.RETRYABLE))).isEqualTo(expected);
        long readsBefore = handlerReads();

        long before = questions();
        BulkResult first = adminWithoutEvents.retryMatching(alicesMail, BATCH);
        long statements = questions() - before - 1;   // the second SHOW counts itself

        long ranges = (TASKS + BATCH - 1) / BATCH;
        assertThat(first).isEqualTo(new BulkResult(expected, 0, ranges));
        assertThat(statements).isEqualTo(1 + ranges);                          // the id range, then one UPDATE per range
        assertThat(handlerReads() - readsBefore).isLessThanOrEqualTo(TASKS + 4 * ranges + 10);  // no row read twice
        assertThat(count("task_type = 'mail' AND owner_id = 'alice' AND status IN ('FAILED', 'CANCELLED')")).isZero();
        assertThat(count("status = 'QUEUED' AND attempt_count = 0 AND last_error LIKE 'retried by an operator; before: %'"))
                .isEqualTo(expected);
        assertThat(count("last_error = 'retried by an operator; before: boom'")).isEqualTo(failedWithError);
        assertThat(count("task_type = 'report' AND status IN ('FAILED', 'CANCELLED')")).isPositive();  // other types stay

        assertThat(adminWithoutEvents.retryMatching(alicesMail, BATCH).changed()).isZero();
        assertThat(events("1 = 1")).isZero();
    }

    @Test
    void withoutEventsCancelEndsWaitingTasksAndAsksRunningOnesToStop() {
        long waiting = count("task_type = 'report' AND status IN ('QUEUED', 'SCHEDULED')");
        long running = count("task_type = 'report' AND status = 'RUNNING'");
        Map<String, Long> before = commands();
        BulkResult result = adminWithoutEvents.cancelMatching(new TaskFilter(null, "report", null, null, null), BATCH);

        long ranges = (TASKS + BATCH - 1) / BATCH;
        assertThat(result).isEqualTo(new BulkResult(waiting, running, ranges));
        // even without events a cancel locks each range's rows: the tasks it ends may have dependents to count down
        assertThat(delta(before, commands())).as("statements by kind")
                .containsEntry("Com_select", 1 + 2 * ranges)   // the id range, then each range's rows locked and those with dependents
                .containsEntry("Com_update", 2 * ranges)       // the waiting ones cancelled, the running ones asked to stop
                .containsEntry("Com_commit", ranges);
        assertThat(count("task_type = 'report' AND status IN ('QUEUED', 'SCHEDULED', 'RUNNING')")).isZero();
        assertThat(count("task_type = 'report' AND status = 'CANCEL_REQUESTED'")).isEqualTo(running);
        assertThat(count("task_type = 'mail' AND status IN ('QUEUED', 'SCHEDULED', 'RUNNING')")).isPositive();
        assertThat(adminWithoutEvents.cancelMatching(new TaskFilter(null, "report", null, null, null), BATCH))
                .isEqualTo(new BulkResult(0, 0, ranges));
        assertThat(events("1 = 1")).isZero();
    }

    @Test
    void aBulkRetryRecordsOneEventPerTaskNamingTheOperatorInOneInsertPerRangeAndARepeatRecordsNone() {
        TaskFilter alicesMail = new TaskFilter(Set.of(), "mail", "alice", null, null);
        long expected = count("task_type = 'mail' AND owner_id = 'alice' AND status IN ('FAILED', 'CANCELLED')");
        Map<String, Long> before = commands();

        BulkResult result = admin.retryMatching(alicesMail, BATCH, "运维-ann");

        long ranges = (TASKS + BATCH - 1) / BATCH;
        assertThat(result).isEqualTo(new BulkResult(expected, 0, ranges));
        assertThat(delta(before, commands())).as("statements by kind").containsExactlyInAnyOrderEntriesOf(Map.of(
                "Com_select", 1 + ranges,           // the id range, then each range's matching rows, locked
                "Com_update", ranges,               // every range holds some of Alice's mail
                "Com_insert_select", ranges,        // the range's events, one statement
                "Com_commit", ranges));
        assertThat(events("event_type = 'RETRIED' AND actor = '运维-ann'")).isEqualTo(expected);
        assertThat(events("1 = 1")).isEqualTo(expected);
        // each event tells what its task now is: queued again with a fresh attempt budget
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_event e JOIN system_async_task t "
                + "ON t.id = e.task_id AND t.status = e.status AND t.attempt_count = e.attempt "
                + "WHERE e.status = 'QUEUED' AND e.attempt = 0 AND e.message LIKE 'retried by an operator; before: %'",
                Long.class)).isEqualTo(expected);
        assertThat(jdbc.queryForObject("SELECT COUNT(DISTINCT task_id) FROM system_async_task_event", Long.class))
                .isEqualTo(expected);

        before = commands();
        assertThat(admin.retryMatching(alicesMail, BATCH, "运维-ann")).isEqualTo(new BulkResult(0, 0, ranges));
        assertThat(events("1 = 1")).isEqualTo(expected);
        assertThat(delta(before, commands())).doesNotContainKeys("Com_insert_select", "Com_update");
    }

    @Test
    void aBulkCancelRecordsCancelledForWaitingTasksAndCancelRequestedForRunningOnesInOneInsertPerRange() {
        long waiting = count("task_type = 'report' AND status IN ('QUEUED', 'SCHEDULED')");
        long running = count("task_type = 'report' AND status = 'RUNNING'");
        Map<String, Long> before = commands();

        BulkResult result = admin.cancelMatching(new TaskFilter(null, "report", null, null, null), BATCH, "bob");

        long ranges = (TASKS + BATCH - 1) / BATCH;
        assertThat(result).isEqualTo(new BulkResult(waiting, running, ranges));
        assertThat(delta(before, commands())).containsEntry("Com_insert_select", ranges).containsEntry("Com_commit", ranges);
        assertThat(events("event_type = 'CANCELLED' AND status = 'CANCELLED' AND actor = 'bob'")).isEqualTo(waiting);
        assertThat(events("event_type = 'CANCEL_REQUESTED' AND status = 'CANCEL_REQUESTED' AND actor = 'bob'"))
                .isEqualTo(running);
        assertThat(events("1 = 1")).isEqualTo(waiting + running);

        assertThat(admin.cancelMatching(new TaskFilter(null, "report", null, null, null), BATCH, "bob"))
                .isEqualTo(new BulkResult(0, 0, ranges));
        assertThat(events("1 = 1")).isEqualTo(waiting + running);
    }

    @Test
    void aRangeOfMoreTasksThanOneInsertTakesRecordsEachInChunksAndEveryOneOnce() {
        List<NewTask> more = new ArrayList<>();
        for (int i = 0; i < TaskEventLog.CHUNK + 100; i++) {
            more.add(new NewTask("bulk", null, 0, 0, 3, null, null));
        }
        MyBatisStores.create(pool).taskStore().insert(more);
        long cancellable = count("status IN ('QUEUED', 'SCHEDULED', 'RUNNING')");
        Map<String, Long> before = commands();

        BulkResult result = admin.cancelMatching(new TaskFilter(null, null, null, null, null), Integer.MAX_VALUE, "ops");

        assertThat(result.changed() + result.requested()).isEqualTo(cancellable);
        assertThat(result.batches()).isOne();
        assertThat(delta(before, commands())).containsEntry("Com_insert_select", 2L).containsEntry("Com_commit", 1L);
        assertThat(events("actor = 'ops'")).isEqualTo(cancellable);
        assertThat(jdbc.queryForObject("SELECT COUNT(DISTINCT task_id) FROM system_async_task_event", Long.class))
                .isEqualTo(cancellable);
    }

    @Test
    void aStatusFilterNarrowsTheActionAndStatusesItCannotTakeAreRefused() {
        long scheduled = count("status = 'SCHEDULED'");
        BulkResult result = admin.cancelMatching(new TaskFilter(Set.of(TaskStatus.SCHEDULED), null, null, null, null), 7);
        assertThat(result.changed()).isEqualTo(scheduled);
        assertThat(result.requested()).isZero();
        assertThat(count("status = 'QUEUED'")).isPositive();

        assertThatThrownBy(() -> admin.retryMatching(new TaskFilter(Set.of(TaskStatus.SUCCESS), null, null, null, null), 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SUCCESS");
        assertThatThrownBy(() -> admin.cancelMatching(new TaskFilter(Set.of(TaskStatus.FAILED), null, null, null, null), 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> admin.retryMatching(new TaskFilter(null, null, null, null, null), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCreationWindowAndTasksSubmittedAfterTheStartAreRespected() {
        Instant future = Instant.now().plus(1, ChronoUnit.DAYS);
        assertThat(admin.retryMatching(new TaskFilter(null, null, null, future, null), BATCH).changed()).isZero();
        assertThat(admin.retryMatching(new TaskFilter(null, null, null, null, Instant.EPOCH), BATCH).changed()).isZero();
        assertThat(admin.retryMatching(new TaskFilter(null, "no such type", null, null, null), Integer.MAX_VALUE))
                .isEqualTo(new BulkResult(0, 0, 1));

        long failedOrCancelled = count("status IN ('FAILED', 'CANCELLED')");
        assertThat(admin.retryMatching(new TaskFilter(null, null, null, null, future), Integer.MAX_VALUE))
                .isEqualTo(new BulkResult(failedOrCancelled, 0, 1));
    }

    @Test
    void anEmptyTableTakesNoStatementBeyondItsIdRange() {
        db.deleteAllTasks();
        assertThat(admin.retryMatching(new TaskFilter(null, null, null, null, null), BATCH))
                .isEqualTo(new BulkResult(0, 0, 0));
        assertThat(rows.count("QUEUED")).isZero();
    }

    private long events(String where) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_event WHERE " + where, Long.class);
    }

    /** The session's statements of each kind the bulk actions send, as the server counts them. */
    private Map<String, Long> commands() {
        Map<String, Long> counts = new TreeMap<>();
        jdbc.query("SHOW SESSION STATUS WHERE Variable_name IN "
                        + "('Com_select', 'Com_update', 'Com_insert_select', 'Com_insert', 'Com_commit')",
                (RowCallbackHandler) rs -> counts.put(rs.getString(1), rs.getLong(2)));
        return counts;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new TreeMap<>();
        after.forEach((name, value) -> delta.put(name, value - before.getOrDefault(name, 0L)));
        delta.values().removeIf(value -> value == 0);
        return delta;
    }

    private long count(String where) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE " + where, Long.class);
    }

    private long questions() {
        return Long.parseLong(jdbc.queryForObject("SHOW SESSION STATUS LIKE 'Questions'", (rs, n) -> rs.getString(2)));
    }

    /** Rows the session read through an index, the primary key's included. */
    private long handlerReads() {
        return jdbc.query("SHOW SESSION STATUS LIKE 'Handler_read_next'", (rs, n) -> rs.getLong(2)).stream()
                .mapToLong(Long::longValue).sum();
    }
}
