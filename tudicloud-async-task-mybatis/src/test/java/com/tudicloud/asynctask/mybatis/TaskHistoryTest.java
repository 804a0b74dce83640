package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static com.tudicloud.asynctask.api.spi.TaskEventType.CANCEL_REQUESTED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.CLAIMED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.RETRY_SCHEDULED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.SUCCEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** A task's history: its recorded events, and the claim and success of its current attempt that its row tells. */
class TaskHistoryTest {

    private static final String WORKER = "worker-a";

    @BeforeEach
    void emptyTables() {
        TestDatabase.get().deleteAllTasks();
        new JdbcTemplate(SupportedDatabase.H2.dataSource()).update("DELETE FROM system_async_task");
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aSuccessRecordedNothingAndReadsItsClaimAndSuccessFromTheTaskRow(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource(), TaskEventMode.FAILURES_ONLY);
        ClaimedTask task = submitAndClaim(stores, 1);
        succeed(stores, task);

        assertThat(recordedCount(database.dataSource(), task.id())).isZero();
        TaskView row = stores.taskStore().findById(task.id()).orElseThrow();
        List<TaskEvent> events = stores.adminStore().events(task.id(), 10);
        assertThat(events).extracting(TaskEvent::type, TaskEvent::fromTaskRow, TaskEvent::id, TaskEvent::taskId,
                        TaskEvent::attempt, TaskEvent::leaseToken, TaskEvent::workerId, TaskEvent::status,
                        TaskEvent::startedAt, TaskEvent::createdAt)
                .containsExactly(
                        tuple(CLAIMED, true, 0L, task.id(), 1, task.leaseToken(), WORKER, TaskStatus.RUNNING,
                                row.startedAt(), row.startedAt()),
                        tuple(SUCCEEDED, true, 0L, task.id(), 1, task.leaseToken(), WORKER, TaskStatus.SUCCESS,
                                row.startedAt(), row.finishedAt()));
        assertThat(events).extracting(TaskEvent::actor, TaskEvent::message, TaskEvent::delayMillis)
                .containsOnly(tuple(null, null, null));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aTaskThatFailedTwiceReadsItsRecordedFailuresThenTheClaimAndSuccessOfTheRow(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource(), TaskEventMode.FAILURES_ONLY);
        ClaimedTask last = failTwiceThenSucceed(stores);

        assertThat(recordedCount(database.dataSource(), last.id())).isEqualTo(2);
        List<TaskEvent> events = stores.adminStore().events(last.id(), 10);
        assertThat(events).extracting(TaskEvent::type, TaskEvent::fromTaskRow, TaskEvent::attempt, TaskEvent::leaseToken,
                        TaskEvent::message)
                .containsExactly(
                        tuple(RETRY_SCHEDULED, false, 1, last.leaseToken() - 2, "busy 1"),
                        tuple(RETRY_SCHEDULED, false, 2, last.leaseToken() - 1, "busy 2"),
                        tuple(CLAIMED, true, 3, last.leaseToken(), null),
                        tuple(SUCCEEDED, true, 3, last.leaseToken(), null));
        assertThat(events.get(2).createdAt()).isAfterOrEqualTo(events.get(1).createdAt());
    }

    @Test
    void theLimitKeepsTheLatestEventsWhateverTellsThem() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource(), TaskEventMode.FAILURES_ONLY);
        long id = failTwiceThenSucceed(stores).id();

        assertThat(stores.adminStore().events(id, 3)).extracting(TaskEvent::type, TaskEvent::attempt)
                .containsExactly(tuple(RETRY_SCHEDULED, 2), tuple(CLAIMED, 3), tuple(SUCCEEDED, 3));
        assertThat(stores.adminStore().events(id, 2)).extracting(TaskEvent::type).containsExactly(CLAIMED, SUCCEEDED);
        assertThat(stores.adminStore().events(id, 1)).extracting(TaskEvent::type).containsExactly(SUCCEEDED);
    }

    @Test
    void aRunningTaskReadsTheClaimOfItsRowThenTheChangesOfItsAttempt() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource(), TaskEventMode.FAILURES_ONLY);
        ClaimedTask task = submitAndClaim(stores, 1);

        assertThat(stores.adminStore().events(task.id(), 10))
                .extracting(TaskEvent::type, TaskEvent::fromTaskRow, TaskEvent::status, TaskEvent::workerId)
                .containsExactly(tuple(CLAIMED, true, TaskStatus.RUNNING, WORKER));

        stores.taskStore().cancel(task.id(), "alice");
        assertThat(stores.adminStore().events(task.id(), 10))
                .extracting(TaskEvent::type, TaskEvent::fromTaskRow, TaskEvent::actor)
                .containsExactly(tuple(CLAIMED, true, null), tuple(CANCEL_REQUESTED, false, "alice"));
        assertThat(stores.adminStore().events(task.id(), 1)).extracting(TaskEvent::type).containsExactly(CANCEL_REQUESTED);
    }

    /** At the instant of the row's claim, the end of the attempt before comes first, a change of its own after. */
    @Test
    void theClaimOfTheRowSitsBetweenTheAttemptBeforeAndItsOwnChangesAtOneInstant() {
        DataSource dataSource = TestDatabase.get().dataSource();
        MyBatisStores stores = MyBatisStores.create(dataSource, TaskEventMode.FAILURES_ONLY);
        ClaimedTask task = submitAndClaim(stores, 2);
        stores.leaseStore().complete(WORKER, List.of(Completion.retry(task.id(), task.leaseToken(), "busy", 0)));
        ClaimedTask again = claim(stores);
        stores.taskStore().cancel(again.id(), "bob");
        new JdbcTemplate(dataSource).update("UPDATE system_async_task_event SET created_at = "
                + "(SELECT started_at FROM system_async_task WHERE id = ?) WHERE task_id = ?", task.id(), task.id());

        assertThat(stores.adminStore().events(task.id(), 10)).extracting(TaskEvent::type, TaskEvent::leaseToken)
                .containsExactly(tuple(RETRY_SCHEDULED, task.leaseToken()), tuple(CLAIMED, again.leaseToken()),
                        tuple(CANCEL_REQUESTED, again.leaseToken()));
    }

    /** A database that recorded claims and successes shows each once, whichever mode reads it now. */
    @Test
    void eventsRecordedInFullAreNotToldAgainByTheRow() {
        DataSource dataSource = TestDatabase.get().dataSource();
        MyBatisStores full = MyBatisStores.create(dataSource, TaskEventMode.FULL);
        ClaimedTask task = submitAndClaim(full, 1);
        succeed(full, task);

        List<Tuple> recorded = List.of(tuple(CLAIMED, false), tuple(SUCCEEDED, false));
        assertThat(full.adminStore().events(task.id(), 10)).extracting(TaskEvent::type, TaskEvent::fromTaskRow)
                .containsExactlyElementsOf(recorded);
        assertThat(MyBatisStores.create(dataSource, TaskEventMode.FAILURES_ONLY).adminStore().events(task.id(), 10))
                .extracting(TaskEvent::type, TaskEvent::fromTaskRow).containsExactlyElementsOf(recorded);
    }

    /** Only the claim is recorded when the mode changed while the task ran: the row tells the success alone. */
    @Test
    void theRowTellsOnlyWhatIsNotRecorded() {
        DataSource dataSource = TestDatabase.get().dataSource();
        ClaimedTask task = submitAndClaim(MyBatisStores.create(dataSource, TaskEventMode.FULL), 1);
        MyBatisStores failuresOnly = MyBatisStores.create(dataSource, TaskEventMode.FAILURES_ONLY);
        succeed(failuresOnly, task);

        assertThat(failuresOnly.adminStore().events(task.id(), 10)).extracting(TaskEvent::type, TaskEvent::fromTaskRow)
                .containsExactly(tuple(CLAIMED, false), tuple(SUCCEEDED, true));
    }

    @Test
    void withEventsOffTheHistoryIsEmpty() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource(), TaskEventMode.OFF);
        ClaimedTask running = submitAndClaim(stores, 1);
        ClaimedTask succeeded = submitAndClaim(stores, 1);
        succeed(stores, succeeded);

        assertThat(stores.adminStore().events(running.id(), 10)).isEmpty();
        assertThat(stores.adminStore().events(succeeded.id(), 10)).isEmpty();
    }

    /** Attempts 1 and 2 end with a retry due at once; attempt 3 succeeds. Returns the claim of attempt 3. */
    private static ClaimedTask failTwiceThenSucceed(MyBatisStores stores) {
        ClaimedTask attempt = submitAndClaim(stores, 3);
        for (int n = 1; n <= 2; n++) {
            stores.leaseStore().complete(WORKER, List.of(Completion.retry(attempt.id(), attempt.leaseToken(), "busy " + n, 0)));
            attempt = claim(stores);
        }
        succeed(stores, attempt);
        return attempt;
    }

    private static ClaimedTask submitAndClaim(MyBatisStores stores, int maxAttempts) {
        stores.taskStore().insert(List.of(new NewTask("mail", null, 0, 0, maxAttempts, null, null)));
        return claim(stores);
    }

    private static ClaimedTask claim(MyBatisStores stores) {
        List<ClaimedTask> claimed = stores.leaseStore().claim(
                new ClaimRequest(WORKER, Set.of("mail"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE));
        assertThat(claimed).hasSize(1);
        return claimed.get(0);
    }

    private static void succeed(MyBatisStores stores, ClaimedTask task) {
        assertThat(stores.leaseStore().complete(WORKER, List.of(Completion.succeeded(task.id(), task.leaseToken(), null)))
                .rejected()).isEmpty();
    }

    private static long recordedCount(DataSource dataSource, long taskId) {
        return new JdbcTemplate(dataSource).queryForObject(
                "SELECT COUNT(*) FROM system_async_task_event WHERE task_id = ?", Long.class, taskId);
    }
}
