package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventMode;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static com.tudicloud.asynctask.api.spi.TaskEventType.CANCELLED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.CANCEL_REQUESTED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.CLAIMED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.FAILED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.LEASE_EXPIRED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.RELEASED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.RETRIED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.RETRY_SCHEDULED;
import static com.tudicloud.asynctask.api.spi.TaskEventType.SUCCEEDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each state change the stores make is recorded as one event of its task, with the values of the row. */
class TaskEventsTest {

    private static final String WORKER = "worker-a";
    private static final Duration LEASE = Duration.ofMillis(60_000);

    @BeforeEach
    void emptyTables() {
        TestDatabase.get().deleteAllTasks();
        new JdbcTemplate(SupportedDatabase.H2.dataSource()).update("DELETE FROM system_async_task");
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void everyOutcomeOfAGroupHasItsEvent(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        List<ClaimedTask> c = submitAndClaim(stores, 8, 2);
        stores.taskStore().cancel(c.get(5).id(), "alice");
        stores.taskStore().cancel(c.get(6).id());

        stores.leaseStore().complete(WORKER, List.of(
                Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), "out"),
                Completion.failed(c.get(1).id(), c.get(1).leaseToken(), "bad input"),
                Completion.retry(c.get(2).id(), c.get(2).leaseToken(), "busy", 60_000),
                Completion.released(c.get(3).id(), c.get(3).leaseToken()),
                Completion.retry(c.get(4).id(), c.get(4).leaseToken(), "at once", 0),
                Completion.failed(c.get(5).id(), c.get(5).leaseToken(), "too late"),   // its cancel was requested
                Completion.cancelled(c.get(6).id(), c.get(6).leaseToken()),
                Completion.cancelled(c.get(7).id(), c.get(7).leaseToken())));          // no cancel requested: refused

        TaskEvent claimed = only(stores, c.get(0), CLAIMED);
        assertThat(claimed.workerId()).isEqualTo(WORKER);
        assertThat(claimed.attempt()).isEqualTo(1);
        assertThat(claimed.leaseToken()).isEqualTo(c.get(0).leaseToken());
        assertThat(claimed.status()).isEqualTo(TaskStatus.RUNNING);
        assertThat(claimed.startedAt()).isNotNull();
        TaskEvent succeeded = last(stores, c.get(0), SUCCEEDED, TaskStatus.SUCCESS, null);
        assertThat(succeeded.startedAt()).isEqualTo(claimed.startedAt());
        assertThat(succeeded.createdAt()).isAfterOrEqualTo(succeeded.startedAt());
        last(stores, c.get(1), FAILED, TaskStatus.FAILED, "bad input");
        assertThat(last(stores, c.get(2), RETRY_SCHEDULED, TaskStatus.SCHEDULED, "busy").delayMillis()).isEqualTo(60_000);
        assertThat(last(stores, c.get(3), RELEASED, TaskStatus.QUEUED, "released by a stopping worker").attempt()).isZero();
        assertThat(last(stores, c.get(4), RETRY_SCHEDULED, TaskStatus.QUEUED, "at once").delayMillis()).isZero();
        TaskEvent requested = stores.adminStore().events(c.get(5).id(), 10).get(1);
        assertThat(requested.type()).isEqualTo(CANCEL_REQUESTED);
        assertThat(requested.actor()).isEqualTo("alice");
        assertThat(requested.status()).isEqualTo(TaskStatus.CANCEL_REQUESTED);
        assertThat(requested.message()).isNull();
        last(stores, c.get(5), CANCELLED, TaskStatus.CANCELLED, "cancelled by request");
        assertThat(stores.adminStore().events(c.get(6).id(), 10)).extracting(TaskEvent::type, TaskEvent::actor)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(CLAIMED, null),
                        org.assertj.core.groups.Tuple.tuple(CANCEL_REQUESTED, null),
                        org.assertj.core.groups.Tuple.tuple(CANCELLED, null));
        assertThat(stores.adminStore().events(c.get(7).id(), 10)).extracting(TaskEvent::type).containsExactly(CLAIMED);
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void recoveryNamesTheFormerHolderAndTheRecoveringWorker(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        List<ClaimedTask> c = submitAndClaim(stores, 3, 1);
        stores.taskStore().cancel(c.get(2).id(), "bob");
        TaskRows rows = new TaskRows(database.dataSource());
        c.forEach(task -> rows.expireLease(task.id()));
        rows.jdbc().update("UPDATE system_async_task SET max_attempts = 2 WHERE id = ?", c.get(0).id());

        assertThat(stores.leaseStore().recoverExpiredLeases("worker-b", 10).recovered()).isEqualTo(3);

        TaskEvent requeued = last(stores, c.get(0), LEASE_EXPIRED, TaskStatus.QUEUED, "lease expired");
        assertThat(requeued.workerId()).isEqualTo(WORKER);
        assertThat(requeued.actor()).isEqualTo("worker-b");
        assertThat(requeued.leaseToken()).isEqualTo(c.get(0).leaseToken());
        last(stores, c.get(1), LEASE_EXPIRED, TaskStatus.FAILED, "lease expired and no attempts left");
        last(stores, c.get(2), LEASE_EXPIRED, TaskStatus.CANCELLED, "cancelled by request; the holder's lease expired");
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void operatorsRetryAndCancelWithTheirNames(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        List<ClaimedTask> c = submitAndClaim(stores, 1, 1);
        long id = c.get(0).id();
        stores.leaseStore().complete(WORKER, List.of(Completion.failed(id, c.get(0).leaseToken(), "boom")));
        String longName = "运维".repeat(100) + "\uD83D\uDE00".repeat(100);   // 300 characters, some outside the BMP

        stores.adminStore().retry(id, longName);
        stores.taskStore().cancel(id, "carol");

        List<TaskEvent> events = stores.adminStore().events(id, 10);
        assertThat(events).extracting(TaskEvent::type).containsExactly(CLAIMED, FAILED, RETRIED, CANCELLED);
        TaskEvent retried = events.get(2);
        assertThat(retried.status()).isEqualTo(TaskStatus.QUEUED);
        assertThat(retried.attempt()).isZero();
        assertThat(retried.message()).isEqualTo("retried by an operator; before: boom");
        assertThat(retried.actor()).startsWith("运维").hasSizeLessThanOrEqualTo(255 * 2)
                .isEqualTo(stores.leaseStore().limits().fit(longName, TaskEventLog.NAME_LENGTH));
        assertThat(events.get(3).actor()).isEqualTo("carol");
    }

    @Test
    void failuresOnlyLeavesClaimsAndSuccessesOut() {
        DataSource dataSource = TestDatabase.get().dataSource();
        MyBatisStores stores = MyBatisStores.create(dataSource, TaskEventMode.FAILURES_ONLY);
        List<ClaimedTask> c = submitAndClaim(stores, 3, 2);

        stores.leaseStore().complete(WORKER, List.of(Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), null)));
        stores.leaseStore().complete(WORKER, List.of(
                Completion.succeeded(c.get(1).id(), c.get(1).leaseToken(), null),
                Completion.retry(c.get(2).id(), c.get(2).leaseToken(), "busy", 1_000)));

        assertThat(eventCount(dataSource)).as("the retry's event alone").isOne();
        TaskEvent retry = stores.adminStore().events(c.get(2).id(), 10).get(0);
        assertThat(retry.type()).isEqualTo(RETRY_SCHEDULED);
        assertThat(retry.workerId()).isEqualTo(WORKER);
        assertThat(retry.startedAt()).as("the attempt's start, without its claim event").isNotNull();
    }

    @Test
    void offRecordsNothing() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource(), TaskEventMode.OFF);
        List<ClaimedTask> c = submitAndClaim(stores, 2, 1);
        stores.leaseStore().complete(WORKER, List.of(Completion.failed(c.get(0).id(), c.get(0).leaseToken(), "x")));
        stores.adminStore().retry(c.get(0).id(), "dave");
        stores.taskStore().cancel(c.get(1).id(), "dave");

        assertThat(eventCount(TestDatabase.get().dataSource())).isZero();
    }

    /** A group written again after its commit went unacknowledged lands nothing, and records nothing twice. */
    @Test
    void aGroupWrittenTwiceHasItsEventsOnce() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource());
        List<ClaimedTask> c = submitAndClaim(stores, 3, 2);
        List<Completion> first = List.of(Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), null),
                Completion.retry(c.get(1).id(), c.get(1).leaseToken(), "busy", 5_000));
        stores.leaseStore().complete(WORKER, first);

        List<Completion> again = new ArrayList<>(first);
        again.add(Completion.failed(c.get(2).id(), c.get(2).leaseToken(), "bad"));
        assertThat(stores.leaseStore().complete(WORKER, again).rejected()).isEmpty();

        assertThat(stores.adminStore().events(c.get(0).id(), 10)).extracting(TaskEvent::type).containsExactly(CLAIMED, SUCCEEDED);
        assertThat(stores.adminStore().events(c.get(1).id(), 10)).extracting(TaskEvent::type)
                .containsExactly(CLAIMED, RETRY_SCHEDULED);
        assertThat(stores.adminStore().events(c.get(2).id(), 10)).extracting(TaskEvent::type).containsExactly(CLAIMED, FAILED);
    }

    @Test
    void retentionDeletesTheEventsWithTheirTasks() {
        DataSource dataSource = TestDatabase.get().dataSource();
        MyBatisStores stores = MyBatisStores.create(dataSource);
        List<ClaimedTask> c = submitAndClaim(stores, 3, 1);
        stores.leaseStore().complete(WORKER, c.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
        assertThat(eventCount(dataSource)).isEqualTo(6);

        assertThat(stores.adminStore().deleteFinished(TaskStatus.SUCCESS, Duration.ZERO.minusSeconds(1), 2)).isEqualTo(2);

        assertThat(eventCount(dataSource)).isEqualTo(2);
        assertThat(stores.adminStore().events(c.get(2).id(), 10)).extracting(TaskEvent::type).containsExactly(CLAIMED, SUCCEEDED);
    }

    @Test
    void theLatestEventsOldestFirst() {
        MyBatisStores stores = MyBatisStores.create(TestDatabase.get().dataSource());
        List<ClaimedTask> c = submitAndClaim(stores, 1, 1);
        long id = c.get(0).id();
        stores.leaseStore().complete(WORKER, List.of(Completion.failed(id, c.get(0).leaseToken(), "one")));
        stores.adminStore().retry(id, "erin");
        stores.taskStore().cancel(id, "erin");

        assertThat(stores.adminStore().events(id, 2)).extracting(TaskEvent::type).containsExactly(RETRIED, CANCELLED);
        assertThat(stores.adminStore().events(id, 1)).extracting(TaskEvent::type).containsExactly(CANCELLED);
        assertThat(stores.adminStore().events(id + 1_000_000, 10)).isEmpty();
        assertThat(stores.adminStore().events(-1, Integer.MAX_VALUE)).isEmpty();
        assertThatThrownBy(() -> stores.adminStore().events(id, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<ClaimedTask> submitAndClaim(MyBatisStores stores, int count, int maxAttempts) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new NewTask("mail", null, 0, 0, maxAttempts, null, null));
        }
        stores.taskStore().insert(tasks);
        List<ClaimedTask> claimed = new ArrayList<>(stores.leaseStore().claim(
                new ClaimRequest(WORKER, Set.of("mail"), count, LEASE, ConcurrencyLimits.NONE)));
        claimed.sort(Comparator.comparingLong(ClaimedTask::id));
        assertThat(claimed).hasSize(count);
        return claimed;
    }

    /** The task's last event: of this type, leaving the task in this status, with this message. */
    private static TaskEvent last(MyBatisStores stores, ClaimedTask task, TaskEventType type, TaskStatus status,
                                  String message) {
        List<TaskEvent> events = stores.adminStore().events(task.id(), 10);
        assertThat(events).as("events of %d", task.id()).isNotEmpty();
        TaskEvent last = events.get(events.size() - 1);
        assertThat(last.type()).as("type of the last event of %d", task.id()).isEqualTo(type);
        assertThat(last.status()).as("status after the last event of %d", task.id()).isEqualTo(status);
        assertThat(last.message()).as("message of the last event of %d", task.id()).isEqualTo(message);
        assertThat(last.taskId()).isEqualTo(task.id());
        assertThat(last.workerId()).isEqualTo(WORKER);
        assertThat(stores.taskStore().findById(task.id()).orElseThrow().status()).isEqualTo(status);
        return last;
    }

    private static TaskEvent only(MyBatisStores stores, ClaimedTask task, TaskEventType type) {
        List<TaskEvent> ofType = stores.adminStore().events(task.id(), 10).stream()
                .filter(event -> event.type() == type).toList();
        assertThat(ofType).as("%s events of %d", type, task.id()).hasSize(1);
        return ofType.get(0);
    }

    private static long eventCount(DataSource dataSource) {
        return new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM system_async_task_event", Long.class);
    }
}
