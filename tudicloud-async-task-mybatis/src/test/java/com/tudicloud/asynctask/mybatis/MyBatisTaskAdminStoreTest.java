package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.RetryOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FinishedPerMinute;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.QueueDepth;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.api.spi.TaskPage;
import com.tudicloud.asynctask.api.spi.TaskQuery;
import com.tudicloud.asynctask.api.spi.TaskSort;
import com.tudicloud.asynctask.api.spi.TaskStats;
import com.tudicloud.asynctask.api.spi.WorkerInfo;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Operators' listing, statistics and retry, and the worker registry, on the real database. */
class MyBatisTaskAdminStoreTest {

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskAdminStore admin = stores.adminStore();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTables() {
        db.deleteAllTasks();
        db.execute("DELETE FROM system_async_task_worker");
    }

    @Test
    void searchFiltersSortsAndPages() {
        for (int i = 0; i < 7; i++) {
            submit(new NewTask("mail", null, i, 0, 3, i % 2 == 0 ? "alice" : "bob", null));
        }
        submit(new NewTask("report", null, 0, 0, 3, "alice", null));

        TaskPage alicesMail = admin.search(query(Set.of(), "mail", "alice", TaskSort.PRIORITY, true, 0, 3));
        assertThat(alicesMail.total()).isEqualTo(4);
        assertThat(alicesMail.items()).extracting(TaskView::priority).containsExactly(6, 4, 2);
        TaskPage secondPage = admin.search(query(Set.of(), "mail", "alice", TaskSort.PRIORITY, true, 1, 3));
        assertThat(secondPage.items()).extracting(TaskView::priority).containsExactly(0);
        assertThat(admin.search(query(Set.of(TaskStatus.RUNNING), null, null, TaskSort.CREATE_TIME, true, 0, 10)).total())
                .isZero();
        assertThat(admin.search(query(Set.of(TaskStatus.QUEUED), null, null, TaskSort.CREATE_TIME, false, 0, 10)).items())
                .extracting(TaskView::taskType).endsWith("report").hasSize(8);
    }

    @Test
    void searchByCreationWindow() {
        submit(new NewTask("mail", null, 0, 0, 3, null, null));
        Instant now = Instant.now();

        assertThat(admin.search(windowed(now.minusSeconds(60), now.plusSeconds(60))).total()).isEqualTo(1);
        assertThat(admin.search(windowed(now.plusSeconds(60), null)).total()).isZero();
        assertThat(admin.search(windowed(null, now.minusSeconds(60))).total()).isZero();
    }

    @Test
    void statsCountByStatusAndTypeAndSeeStaleWork() {
        long failed = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        submit(new NewTask("mail", null, 0, 0, 1, null, null));
        submit(new NewTask("report", null, 0, 60_000, 1, null, null));
        ClaimedTask first = claim("mail", 1).get(0);
        stores.leaseStore().complete("w", List.of(Completion.failed(first.id(), first.leaseToken(), "x")));
        long expired = claim("mail", 1).get(0).id();
        rows.expireLease(expired);
        long due = submit(new NewTask("sms", null, 0, 0, 1, null, null));
        rows.jdbc().update("UPDATE system_async_task SET available_at = TIMESTAMPADD(SECOND, -30, NOW(3)) WHERE id = ?", due);

        TaskStats stats = admin.stats();

        assertThat(stats.byStatus()).containsEntry(TaskStatus.FAILED, 1L).containsEntry(TaskStatus.RUNNING, 1L)
                .containsEntry(TaskStatus.QUEUED, 1L).containsEntry(TaskStatus.SCHEDULED, 1L)
                .containsEntry(TaskStatus.SUCCESS, 0L);
        assertThat(stats.byType().get("mail")).containsEntry(TaskStatus.FAILED, 1L).containsEntry(TaskStatus.RUNNING, 1L);
        assertThat(stats.byType().get("report")).containsEntry(TaskStatus.SCHEDULED, 1L);
        assertThat(stats.expiredLeases()).isEqualTo(1);
        assertThat(stats.oldestDueQueuedAgeMillis()).isBetween(29_000L, 40_000L);
        assertThat(failed).isEqualTo(first.id());

        List<QueueDepth> queue = admin.queueDepth();
        assertThat(queue).extracting(QueueDepth::taskType).containsExactlyInAnyOrder("report", "sms");
        assertThat(queue).contains(new QueueDepth("report", 1, 0, 0));
        QueueDepth sms = queue.stream().filter(d -> d.taskType().equals("sms")).findFirst().orElseThrow();
        assertThat(sms.queued()).isEqualTo(1);
        assertThat(sms.due()).isEqualTo(1);
        assertThat(sms.oldestDueAgeMillis()).isBetween(29_000L, 40_000L);
    }

    @Test
    void finishedTasksAreCountedPerMinuteAndStatusWithinTheWindow() {
        long success1 = finishedAgo("SUCCESS", 0);
        finishedAgo("SUCCESS", 0);
        long failed = finishedAgo("FAILED", 0);
        long cancelled = finishedAgo("CANCELLED", 3);
        finishedAgo("SUCCESS", 9);    // outside a window of 5 minutes, even if the clock turns a minute meanwhile
        submit(new NewTask("mail", null, 0, 0, 1, null, null));   // QUEUED: never counted

        FinishedPerMinute last5 = admin.finishedPerMinute(5);

        assertThat(last5.counts()).containsExactlyInAnyOrder(
                new FinishedPerMinute.Count(finishedMinute(success1), TaskStatus.SUCCESS, 2),
                new FinishedPerMinute.Count(finishedMinute(failed), TaskStatus.FAILED, 1),
                new FinishedPerMinute.Count(finishedMinute(cancelled), TaskStatus.CANCELLED, 1));
        assertThat(last5.databaseNow().truncatedTo(ChronoUnit.MINUTES)).isAfterOrEqualTo(finishedMinute(success1));
        assertThat(admin.finishedPerMinute(12).counts()).hasSize(4);
    }

    @Test
    void withNothingFinishedTheCountsAreEmptyAndTheClockIsTheDatabases() {
        Instant before = Instant.now();

        FinishedPerMinute none = admin.finishedPerMinute(60);

        assertThat(none.counts()).isEmpty();
        assertThat(none.databaseNow()).isBetween(before.minusSeconds(5), Instant.now().plusSeconds(5));
    }

    @Test
    void theQueueSampleCountsDueAndLeasedTasks() {
        submit(new NewTask("mail", null, 0, 0, 1, null, null));
        submit(new NewTask("mail", null, 0, 0, 1, null, null));
        submit(new NewTask("mail", null, 0, 0, 1, null, null));
        submit(new NewTask("mail", null, 0, 600_000, 1, null, null));   // SCHEDULED, not due
        long dueScheduled = submit(new NewTask("mail", null, 0, 600_000, 1, null, null));
        claim("mail", 1);
        long cancelRequested = claim("mail", 1).get(0).id();
        stores.taskStore().cancel(cancelRequested);
        finishedAgo("SUCCESS", 0);
        rows.jdbc().update("UPDATE system_async_task SET available_at = TIMESTAMPADD(SECOND, -1, NOW(3)) WHERE id = ?",
                dueScheduled);   // SCHEDULED and due: no claim has moved it yet

        QueueSample sample = admin.queueSample();

        assertThat(sample.due()).as("the QUEUED one left, and the SCHEDULED one now due").isEqualTo(2);
        assertThat(sample.running()).as("RUNNING and CANCEL_REQUESTED").isEqualTo(2);
        assertThat(rows.status(cancelRequested)).isEqualTo("CANCEL_REQUESTED");
        assertThat(sample.at()).isBetween(Instant.now().minusSeconds(5), Instant.now().plusSeconds(5));
    }

    private Instant finishedMinute(long id) {
        return rows.jdbc().queryForObject("SELECT finished_at FROM system_async_task WHERE id = ?", Timestamp.class, id)
                .toInstant().truncatedTo(ChronoUnit.MINUTES);
    }

    /** A task that ended in {@code status} the given number of minutes ago, by the database's clock. */
    private long finishedAgo(String status, int minutes) {
        long id = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        rows.jdbc().update("UPDATE system_async_task SET status = ?, finished_at = TIMESTAMPADD(MINUTE, ?, NOW(3)) "
                + "WHERE id = ?", status, -minutes, id);
        return id;
    }

    @Test
    void retryRequeuesFailedAndCancelledTasksWithAFreshBudget() {
        long failed = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        ClaimedTask claimed = claim("mail", 1).get(0);
        stores.leaseStore().complete("w", List.of(Completion.failed(claimed.id(), claimed.leaseToken(), "boom")));
        long cancelled = submit(new NewTask("mail", null, 0, 60_000, 1, null, null));
        stores.taskStore().cancel(cancelled);
        long queued = submit(new NewTask("mail", null, 0, 60_000, 1, null, null));

        assertThat(admin.retry(failed)).isEqualTo(RetryOutcome.REQUEUED);
        assertThat(admin.retry(cancelled)).isEqualTo(RetryOutcome.REQUEUED);
        assertThat(admin.retry(queued)).isEqualTo(RetryOutcome.NOT_RETRYABLE);
        assertThat(admin.retry(-5)).isEqualTo(RetryOutcome.NOT_FOUND);

        TaskView retried = stores.taskStore().findById(failed).orElseThrow();
        assertThat(retried.status()).isEqualTo(TaskStatus.QUEUED);
        assertThat(retried.attemptCount()).isZero();
        assertThat(retried.lastError()).contains("boom");
        ClaimedTask again = claim("mail", 5).stream().filter(t -> t.id() == failed).findFirst().orElseThrow();
        assertThat(again.attempt()).isEqualTo(1);
        assertThat(again.leaseToken()).as("tokens keep growing across retries").isEqualTo(claimed.leaseToken() + 1);
    }

    /** With no error of its own, the note of an operator's retry names the status the task had before. */
    @Test
    void aRetryNotesTheStatusTheTaskHadBefore() {
        long failed = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        ClaimedTask claimed = claim("mail", 1).get(0);
        stores.leaseStore().complete("w", List.of(Completion.failed(claimed.id(), claimed.leaseToken(), null)));
        assertThat(stores.taskStore().findById(failed).orElseThrow().lastError()).isNull();

        assertThat(admin.retry(failed)).isEqualTo(RetryOutcome.REQUEUED);

        assertThat(stores.taskStore().findById(failed).orElseThrow().lastError())
                .isEqualTo("retried by an operator; before: FAILED");
    }

    @Test
    void theRegistryShowsLiveAndRecentlyStoppedWorkers() {
        WorkerRegistry registry = stores.workerRegistry();
        registry.register("w1", "host-a", "mail,report", 8);
        registry.register("w2", "host-b", "mail", 4);
        registry.heartbeat("w1", "host-a", "mail,report", 8, 3);
        registry.stopped("w2");
        db.execute("DELETE FROM system_async_task_worker WHERE worker_id = 'w1'");
        registry.heartbeat("w1", "host-a", "mail,report", 8, 5);   // purged meanwhile: registers again

        List<WorkerInfo> seen = registry.seenWithin(Duration.ofMinutes(1));

        assertThat(seen).extracting(WorkerInfo::workerId).containsExactlyInAnyOrder("w1", "w2");
        WorkerInfo w1 = seen.stream().filter(w -> w.workerId().equals("w1")).findFirst().orElseThrow();
        assertThat(w1.runningTasks()).isEqualTo(5);
        assertThat(w1.host()).isEqualTo("host-a");
        assertThat(w1.stoppedAt()).isNull();
        assertThat(seen.stream().filter(w -> w.workerId().equals("w2")).findFirst().orElseThrow().stoppedAt()).isNotNull();

        db.execute("UPDATE system_async_task_worker SET last_heartbeat = TIMESTAMPADD(HOUR, -2, NOW(3)) WHERE worker_id = 'w2'");
        assertThat(registry.seenWithin(Duration.ofMinutes(1))).extracting(WorkerInfo::workerId).containsExactly("w1");
        assertThat(registry.purgeOlderThan(Duration.ofHours(1))).isEqualTo(1);
    }

    private long submit(NewTask task) {
        return stores.taskStore().insert(List.of(task)).get(0).taskId();
    }

    private List<ClaimedTask> claim(String type, int max) {
        return stores.leaseStore().claim(new ClaimRequest("w", Set.of(type), max, Duration.ofMillis(60_000), ConcurrencyLimits.NONE));
    }

    private static TaskQuery query(Set<TaskStatus> statuses, String type, String owner, TaskSort sort, boolean descending,
                                   int page, int size) {
        return new TaskQuery(statuses, type, owner, null, null, sort, descending, page, size);
    }

    private static TaskQuery windowed(Instant from, Instant to) {
        return new TaskQuery(Set.of(), null, null, from, to, TaskSort.CREATE_TIME, true, 0, 10);
    }
}
