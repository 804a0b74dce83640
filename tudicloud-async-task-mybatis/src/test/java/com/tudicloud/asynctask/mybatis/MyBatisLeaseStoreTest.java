package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseRenewal;
import com.tudicloud.asynctask.api.spi.LeaseState;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.RecoveryBatch;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The store's statements, one behaviour at a time, on the real database. */
class MyBatisLeaseStoreTest {

    private static final String WORKER = "worker-a";
    private static final Duration LEASE = Duration.ofMillis(30_000);

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskStore tasks = stores.taskStore();
    private final LeaseStore leases = stores.leaseStore();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void claimsDueTasksOfItsTypesInPriorityOrder() {
        long low = submit(task("mail", 0, 0));
        long high = submit(task("mail", 5, 0));
        submit(task("mail", 9, 60_000));           // not due yet
        submit(task("report", 9, 0));              // another type

        List<ClaimedTask> claimed = leases.claim(claim(Set.of("mail"), 10));

        assertThat(claimed).extracting(ClaimedTask::id).containsExactly(high, low);
        assertThat(claimed).allSatisfy(task -> {
            assertThat(task.attempt()).isEqualTo(1);
            assertThat(task.leaseToken()).isEqualTo(1);
        });
        TaskView view = tasks.findById(high).orElseThrow();
        assertThat(view.status()).isEqualTo(TaskStatus.RUNNING);
        assertThat(view.leaseOwner()).isEqualTo(WORKER);
        assertThat(rows.millisUntilLeaseEnds(high)).isBetween(LEASE.toMillis() - 5_000, LEASE.toMillis());
    }

    @Test
    void aDelayedTaskWaitsScheduledAndIsClaimedOnceDue() {
        long delayed = submit(task("mail", 0, 60_000));

        assertThat(rows.status(delayed)).isEqualTo("SCHEDULED");
        assertThat(leases.claim(claim(Set.of("mail"), 10))).isEmpty();

        rows.makeDue(delayed);
        List<ClaimedTask> claimed = leases.claim(claim(Set.of("mail"), 10));

        assertThat(claimed).extracting(ClaimedTask::id).containsExactly(delayed);
        assertThat(rows.status(delayed)).isEqualTo("RUNNING");
    }

    /** Due SCHEDULED and QUEUED tasks are taken in one claim order; due ones left behind become QUEUED. */
    @Test
    void dueScheduledTasksAClaimHasNoRoomForWaitAsQueuedFromThen() {
        long queuedLow = submit(task("mail", 1, 0));
        long dueHigh = submit(task("mail", 7, 60_000));
        long dueLow = submit(task("mail", 0, 60_000));
        long notDue = submit(task("mail", 9, 60_000));
        rows.makeDue(dueHigh);
        rows.makeDue(dueLow);

        List<ClaimedTask> claimed = leases.claim(claim(Set.of("mail"), 2));

        assertThat(claimed).extracting(ClaimedTask::id).containsExactly(dueHigh, queuedLow);
        assertThat(rows.status(dueLow)).isEqualTo("QUEUED");
        assertThat(rows.status(notDue)).isEqualTo("SCHEDULED");
        assertThat(leases.claim(claim(Set.of("mail"), 2))).extracting(ClaimedTask::id).containsExactly(dueLow);
    }

    @Test
    void aScheduledTaskIsCancelledAtOnce() {
        long delayed = submit(task("mail", 0, 60_000));

        assertThat(tasks.cancel(delayed)).isEqualTo(CancelOutcome.CANCELLED);

        assertThat(rows.status(delayed)).isEqualTo("CANCELLED");
        rows.makeDue(delayed);
        assertThat(leases.claim(claim(Set.of("mail"), 1))).isEmpty();
    }

    @Test
    void aRetryWithADelayWaitsScheduledAndOneWithoutIsQueued() {
        submit(task("mail", 0, 0));
        submit(task("mail", 0, 0));
        List<ClaimedTask> c = leases.claim(claim(Set.of("mail"), 2));

        leases.complete(WORKER, List.of(Completion.retry(c.get(0).id(), c.get(0).leaseToken(), "later", 30_000),
                Completion.retry(c.get(1).id(), c.get(1).leaseToken(), "now", 0)));

        assertThat(rows.status(c.get(0).id())).isEqualTo("SCHEDULED");
        assertThat(rows.status(c.get(1).id())).isEqualTo("QUEUED");
    }

    @Test
    void claimsNoMoreThanAskedFor() {
        for (int i = 0; i < 5; i++) {
            submit(task("mail", 0, 0));
        }
        assertThat(leases.claim(claim(Set.of("mail"), 3))).hasSize(3);
        assertThat(leases.claim(claim(Set.of("mail"), 3))).hasSize(2);
        assertThat(leases.claim(claim(Set.of("mail"), 3))).isEmpty();
    }

    @Test
    void renewalReportsHeldCancelRequestedAndLost() {
        submit(task("mail", 0, 0));
        submit(task("mail", 0, 0));
        submit(task("mail", 0, 0));
        List<ClaimedTask> claimed = leases.claim(claim(Set.of("mail"), 3));
        ClaimedTask kept = claimed.get(0);
        ClaimedTask cancelled = claimed.get(1);
        ClaimedTask expired = claimed.get(2);
        assertThat(tasks.cancel(cancelled.id())).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        rows.expireLease(expired.id());

        Map<Long, LeaseState> states = leases.renew(WORKER,
                claimed.stream().map(t -> new LeaseRenewal(t.id(), t.leaseToken(), 40, "halfway")).toList(), LEASE);

        assertThat(states).containsEntry(kept.id(), LeaseState.HELD)
                .containsEntry(cancelled.id(), LeaseState.CANCEL_REQUESTED)
                .containsEntry(expired.id(), LeaseState.LOST);
        TaskView keptView = tasks.findById(kept.id()).orElseThrow();
        assertThat(keptView.progress()).isEqualTo(40);
        assertThat(keptView.progressMessage()).isEqualTo("halfway");
        assertThat(tasks.findById(expired.id()).orElseThrow().progress()).isNull();
    }

    @Test
    void aStaleHolderCanNeitherRenewNorComplete() {
        long id = submit(task("mail", 0, 0));
        ClaimedTask first = leases.claim(claim(Set.of("mail"), 1)).get(0);
        rows.expireLease(id);
        assertThat(leases.recoverExpiredLeases("test-recoverer", 100).requeued()).isEqualTo(1);
        // the same worker claims the task again: same owner, newer token
        ClaimedTask second = leases.claim(claim(Set.of("mail"), 1)).get(0);
        assertThat(second.id()).isEqualTo(id);
        assertThat(second.leaseToken()).isEqualTo(first.leaseToken() + 1);

        Map<Long, LeaseState> stale = leases.renew(WORKER, List.of(new LeaseRenewal(id, first.leaseToken(), 99, "stale")), LEASE);
        CompletionReport staleWrite = leases.complete(WORKER, List.of(Completion.succeeded(id, first.leaseToken(), "stale")));

        assertThat(stale).containsEntry(id, LeaseState.LOST);
        assertThat(staleWrite.written()).isZero();
        assertThat(staleWrite.rejected()).containsExactly(id);
        TaskView view = tasks.findById(id).orElseThrow();
        assertThat(view.status()).isEqualTo(TaskStatus.RUNNING);
        assertThat(view.progress()).isNull();
        assertThat(view.artifactId()).isNull();

        CompletionReport current = leases.complete(WORKER, List.of(Completion.succeeded(id, second.leaseToken(), "a-1")));
        assertThat(current.written()).isEqualTo(1);
        assertThat(current.rejected()).isEmpty();
        assertThat(tasks.findById(id).orElseThrow().artifactId()).isEqualTo("a-1");
    }

    @Test
    void anotherWorkerCannotWriteUnderTheSameToken() {
        long id = submit(task("mail", 0, 0));
        ClaimedTask claimed = leases.claim(claim(Set.of("mail"), 1)).get(0);

        assertThat(leases.renew("intruder", List.of(new LeaseRenewal(id, claimed.leaseToken(), 1, null)), LEASE))
                .containsEntry(id, LeaseState.LOST);
        assertThat(leases.complete("intruder", List.of(Completion.failed(id, claimed.leaseToken(), "x"))).rejected())
                .containsExactly(id);
        assertThat(rows.status(id)).isEqualTo("RUNNING");
    }

    @Test
    void anExpiredLeaseCannotCompleteEvenBeforeRecovery() {
        long id = submit(task("mail", 0, 0));
        ClaimedTask claimed = leases.claim(claim(Set.of("mail"), 1)).get(0);
        rows.expireLease(id);

        CompletionReport report = leases.complete(WORKER, List.of(Completion.succeeded(id, claimed.leaseToken(), null)));

        assertThat(report.rejected()).containsExactly(id);
        assertThat(rows.status(id)).isEqualTo("RUNNING");
    }

    @Test
    void writesEveryOutcomeOfOneBatchTogether() {
        for (int i = 0; i < 6; i++) {
            submit(new NewTask("mail", null, 0, 0, 2, null, null));
        }
        List<ClaimedTask> c = leases.claim(claim(Set.of("mail"), 6));
        assertThat(tasks.cancel(c.get(5).id())).isEqualTo(CancelOutcome.CANCEL_REQUESTED);

        CompletionReport report = leases.complete(WORKER, List.of(
                Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), "out-0"),
                Completion.failed(c.get(1).id(), c.get(1).leaseToken(), "bad input"),
                Completion.retry(c.get(2).id(), c.get(2).leaseToken(), "busy", 60_000),
                Completion.released(c.get(3).id(), c.get(3).leaseToken()),
                Completion.succeeded(c.get(4).id(), c.get(4).leaseToken(), null),
                Completion.retry(c.get(5).id(), c.get(5).leaseToken(), "interrupted", 0)));

        assertThat(report.written()).isEqualTo(6);
        assertThat(report.rejected()).isEmpty();
        TaskView succeeded = tasks.findById(c.get(0).id()).orElseThrow();
        assertThat(succeeded.status()).isEqualTo(TaskStatus.SUCCESS);
        assertThat(succeeded.artifactId()).isEqualTo("out-0");
        assertThat(succeeded.finishedAt()).isNotNull();
        assertThat(succeeded.leaseUntil()).isNull();
        TaskView failed = tasks.findById(c.get(1).id()).orElseThrow();
        assertThat(failed.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(failed.lastError()).isEqualTo("bad input");
        TaskView retried = tasks.findById(c.get(2).id()).orElseThrow();
        assertThat(retried.status()).as("a retry with a delay waits as SCHEDULED").isEqualTo(TaskStatus.SCHEDULED);
        assertThat(retried.lastError()).isEqualTo("busy");
        assertThat(rows.millisUntilDue(c.get(2).id())).isBetween(50_000L, 60_000L);
        TaskView released = tasks.findById(c.get(3).id()).orElseThrow();
        assertThat(released.status()).isEqualTo(TaskStatus.QUEUED);
        assertThat(released.attemptCount()).isZero();
        assertThat(rows.status(c.get(4).id())).isEqualTo("SUCCESS");
        assertThat(rows.status(c.get(5).id())).isEqualTo("CANCELLED");
    }

    /** The progress a handler reported last is written with its outcome, a success's as 100. */
    @Test
    void theLastReportedProgressIsWrittenWithTheOutcome() {
        for (int i = 0; i < 4; i++) {
            submit(new NewTask("mail", null, 0, 0, 3, null, null));
        }
        List<ClaimedTask> c = leases.claim(claim(Set.of("mail"), 4));
        leases.renew(WORKER, List.of(new LeaseRenewal(c.get(0).id(), c.get(0).leaseToken(), 34, "line 34 of 75"),
                new LeaseRenewal(c.get(3).id(), c.get(3).leaseToken(), 10, "stale")), LEASE);

        leases.complete(WORKER, List.of(Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), null)
                .withProgress(75, "line 75 of 75")));
        leases.complete(WORKER, List.of(
                Completion.failed(c.get(1).id(), c.get(1).leaseToken(), "bad").withProgress(40, "at row 40"),
                Completion.succeeded(c.get(2).id(), c.get(2).leaseToken(), null).withProgress(90, null),
                Completion.retry(c.get(3).id(), c.get(3).leaseToken(), "busy", 0)));

        assertThat(progress(c.get(0))).isEqualTo("100 line 75 of 75");
        assertThat(progress(c.get(1))).isEqualTo("40 at row 40");
        assertThat(progress(c.get(2))).isEqualTo("100 null");
        assertThat(progress(c.get(3))).as("nothing reported since the heartbeat").isEqualTo("10 stale");
    }

    private String progress(ClaimedTask task) {
        TaskView view = tasks.findById(task.id()).orElseThrow();
        return view.progress() + " " + view.progressMessage();
    }

    @Test
    void aRetryWithoutAttemptsLeftEndsFailed() {
        long id = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        ClaimedTask claimed = leases.claim(claim(Set.of("mail"), 1)).get(0);

        leases.complete(WORKER, List.of(Completion.retry(id, claimed.leaseToken(), "boom", 0)));

        TaskView view = tasks.findById(id).orElseThrow();
        assertThat(view.status()).isEqualTo(TaskStatus.FAILED);
        assertThat(view.lastError()).isEqualTo("boom");
        assertThat(view.finishedAt()).isNotNull();
    }

    @Test
    void recoveryRequeuesFailsOrCancelsByTheArticlesRules() {
        long requeue = submit(new NewTask("mail", null, 0, 0, 2, null, null));
        long fail = submit(new NewTask("mail", null, 0, 0, 1, null, null));
        long cancel = submit(new NewTask("mail", null, 0, 0, 2, null, null));
        long healthy = submit(new NewTask("mail", null, 0, 0, 2, null, null));
        leases.claim(claim(Set.of("mail"), 4));
        tasks.cancel(cancel);
        rows.expireLease(requeue);
        rows.expireLease(fail);
        rows.expireLease(cancel);

        RecoveryBatch batch = leases.recoverExpiredLeases("test-recoverer", 100);

        assertThat(batch.requeued()).isEqualTo(1);
        assertThat(batch.failed()).isEqualTo(1);
        assertThat(batch.cancelled()).isEqualTo(1);
        assertThat(batch.expiredForMillis()).hasSize(3).allSatisfy(ms -> assertThat(ms).isBetween(900L, 10_000L));
        assertThat(rows.status(requeue)).isEqualTo("QUEUED");
        assertThat(rows.status(fail)).isEqualTo("FAILED");
        assertThat(rows.status(cancel)).isEqualTo("CANCELLED");
        assertThat(rows.status(healthy)).isEqualTo("RUNNING");
        assertThat(leases.recoverExpiredLeases("test-recoverer", 100).examined()).isZero();
    }

    @Test
    void recoveryWorksInBoundedBatches() {
        for (int i = 0; i < 7; i++) {
            submit(task("mail", 0, 0));
        }
        leases.claim(claim(Set.of("mail"), 7)).forEach(t -> rows.expireLease(t.id()));

        assertThat(leases.recoverExpiredLeases("test-recoverer", 3).recovered()).isEqualTo(3);
        assertThat(leases.recoverExpiredLeases("test-recoverer", 3).recovered()).isEqualTo(3);
        assertThat(leases.recoverExpiredLeases("test-recoverer", 3).recovered()).isEqualTo(1);
    }

    @Test
    void cancelEndsQueuedTasksAtOnceAndAsksRunningOnes() {
        long queued = submit(task("mail", 0, 60_000));
        long running = submit(task("mail", 0, 0));
        leases.claim(claim(Set.of("mail"), 1));

        assertThat(tasks.cancel(queued)).isEqualTo(CancelOutcome.CANCELLED);
        assertThat(tasks.cancel(running)).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        assertThat(tasks.cancel(running)).isEqualTo(CancelOutcome.ALREADY_FINISHED);
        assertThat(tasks.cancel(queued)).isEqualTo(CancelOutcome.ALREADY_FINISHED);
        assertThat(tasks.cancel(-1)).isEqualTo(CancelOutcome.NOT_FOUND);
        assertThat(rows.status(queued)).isEqualTo("CANCELLED");
        assertThat(rows.status(running)).isEqualTo("CANCEL_REQUESTED");
    }

    @Test
    void aSuccessAfterACancelRequestStillCountsAsSuccess() {
        long id = submit(task("mail", 0, 0));
        ClaimedTask claimed = leases.claim(claim(Set.of("mail"), 1)).get(0);
        tasks.cancel(id);

        leases.complete(WORKER, List.of(Completion.succeeded(id, claimed.leaseToken(), null)));

        assertThat(rows.status(id)).isEqualTo("SUCCESS");
    }

    @Test
    void aDedupKeyReturnsTheExistingTask() {
        var first = tasks.insert(List.of(new NewTask("mail", "{}", 0, 0, 3, "u1", "order-7"))).get(0);
        var results = tasks.insert(List.of(
                new NewTask("mail", "{}", 0, 0, 3, "u1", "order-7"),
                new NewTask("report", "{}", 0, 0, 3, "u1", "order-7"),
                new NewTask("mail", "{}", 0, 0, 3, "u1", null),
                new NewTask("mail", "{}", 0, 0, 3, "u1", "order-8"),
                new NewTask("mail", "{}", 0, 0, 3, "u1", "order-8")));

        assertThat(first.created()).isTrue();
        assertThat(results.get(0).taskId()).isEqualTo(first.taskId());
        assertThat(results.get(0).created()).isFalse();
        assertThat(results.get(1).created()).isTrue();
        assertThat(results.get(2).created()).isTrue();
        assertThat(results.get(3).created()).isTrue();
        assertThat(results.get(4)).isEqualTo(new com.tudicloud.asynctask.api.SubmittedTask(results.get(3).taskId(), false));
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isEqualTo(4);
    }

    @Test
    void aBatchInsertReturnsTheIdsInRequestOrder() {
        List<NewTask> batch = new java.util.ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            batch.add(new NewTask("mail", "{\"n\":" + i + "}", 0, 0, 3, null, null));
        }

        var results = tasks.insert(batch);

        assertThat(results).hasSize(2500).allMatch(r -> r.created());
        for (int i : new int[]{0, 999, 1000, 2499}) {
            assertThat(tasks.findById(results.get(i).taskId()).orElseThrow().payloadJson()).isEqualTo("{\"n\":" + i + "}");
        }
    }

    @Test
    void listsAnOwnersTasksNewestFirst() {
        long a = submit(new NewTask("mail", null, 0, 0, 3, "alice", null));
        long b = submit(new NewTask("mail", null, 0, 60_000, 3, "alice", null));
        submit(new NewTask("mail", null, 0, 0, 3, "bob", null));
        tasks.cancel(b);

        assertThat(tasks.findByOwner("alice", List.of(), 10)).extracting(TaskView::id).containsExactly(b, a);
        assertThat(tasks.findByOwner("alice", List.of(TaskStatus.QUEUED), 10)).extracting(TaskView::id).containsExactly(a);
        assertThat(tasks.findByOwner("alice", List.of(), 1)).hasSize(1);
    }

    @Test
    void perTypeAndGlobalLimitsCapASingleClaim() {
        for (int i = 0; i < 5; i++) {
            submit(task("mail", 0, 0));
            submit(task("report", 0, 0));
        }
        ConcurrencyLimits limits = new ConcurrencyLimits(4, Map.of("report", 1));

        List<ClaimedTask> first = leases.claim(new ClaimRequest(WORKER, Set.of("mail", "report"), 10, LEASE, limits));
        List<ClaimedTask> second = leases.claim(new ClaimRequest(WORKER, Set.of("mail", "report"), 10, LEASE, limits));

        assertThat(first).hasSize(4);
        assertThat(first).filteredOn(t -> t.taskType().equals("report")).hasSize(1);
        assertThat(second).isEmpty();
    }

    /** A type's cap counts its due SCHEDULED tasks and its QUEUED ones together. */
    @Test
    void aTypeCapHoldsOverItsQueuedAndItsDueScheduledTasks() {
        for (int i = 0; i < 3; i++) {
            submit(task("report", 0, 0));
            rows.makeDue(submit(task("report", 0, 60_000)));
        }
        ConcurrencyLimits limits = new ConcurrencyLimits(0, Map.of("report", 2));

        List<ClaimedTask> claimed = leases.claim(new ClaimRequest(WORKER, Set.of("report"), 10, LEASE, limits));

        assertThat(claimed).hasSize(2);
    }

    private long submit(NewTask task) {
        return tasks.insert(List.of(task)).get(0).taskId();
    }

    private static NewTask task(String type, int priority, long delayMillis) {
        return new NewTask(type, "{}", priority, delayMillis, 3, null, null);
    }

    private static ClaimRequest claim(Set<String> types, int max) {
        return new ClaimRequest(WORKER, types, max, LEASE, ConcurrencyLimits.NONE);
    }
}
