package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A batch's life on the real database: its end, its callbacks, its growth, its cancel and its repair. */
class BatchStoreTest {

    static final String CHILD = "batch.child";
    static final Duration LEASE = Duration.ofSeconds(60);

    private final TestDatabase db = TestDatabase.get();
    private final JdbcTemplate jdbc = new JdbcTemplate(db.dataSource());
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());

    @BeforeEach
    void emptyTables() {
        db.deleteAllTasks();
    }

    static NewBatch batchOf(int children) {
        return new NewBatch(IntStream.range(0, children).mapToObj(i -> child("{\"i\":" + i + "}")).toList(),
                Map.of(BatchCallback.SUCCESS, callback("on.success"), BatchCallback.FAILURE, callback("on.failure"),
                        BatchCallback.COMPLETE, callback("on.complete")), "owner-1");
    }

    static NewTask child(String payload) {
        return new NewTask(CHILD, payload, 0, 0, 3, null, null);
    }

    static NewTask callback(String type) {
        return new NewTask(type, "{\"cb\":\"" + type + "\"}", 5, 0, 2, null, null);
    }

    @Test
    void allChildrenSucceedingEndTheBatchWithTheSuccessAndCompletionCallbacksOnly() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(5));
        assertThat(batch.children()).hasSize(5);
        List<ClaimedTask> claimed = claimAll(5);
        assertThat(claimed).allSatisfy(task -> assertThat(task.batchId()).isEqualTo(batch.batchId()));

        CompletionReport first = complete(claimed.subList(0, 4), Completion.Outcome.SUCCEEDED);
        assertThat(first.finishedBatches()).isEmpty();
        assertThat(callbackTasks()).isEmpty();
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().state()).isEqualTo(BatchState.OPEN);

        CompletionReport last = complete(claimed.subList(4, 5), Completion.Outcome.SUCCEEDED);
        assertThat(last.finishedBatches()).containsExactly(new FinishedBatch(batch.batchId(), BatchState.SUCCEEDED, 2));
        assertThat(callbackTasks()).containsExactlyInAnyOrder("on.success", "on.complete");

        BatchView view = stores.batchStore().find(batch.batchId()).orElseThrow();
        assertThat(view.state()).isEqualTo(BatchState.SUCCEEDED);
        assertThat(view.children()).containsExactly(Map.entry(TaskStatus.SUCCESS, 5L));
        assertThat(view.progressPercent()).isEqualTo(100);
        assertThat(view.callbackTasks()).containsOnlyKeys(BatchCallback.SUCCESS, BatchCallback.COMPLETE);
        assertThat(view.finishedAt()).isNotNull();
        // the callbacks are plain tasks, due at once, of the batch's owner, named by the batch's key
        assertThat(jdbc.queryForList("SELECT CONCAT(status, ' ', owner_id, ' ', dedup_key, ' ', priority, ' ', "
                        + "max_attempts, ' ', COALESCE(batch_id, 'none')) FROM system_async_task WHERE task_type = 'on.success'",
                String.class))
                .containsExactly("QUEUED owner-1 batch:" + batch.batchId() + ":success 5 2 none");
    }

    @Test
    void aFailedChildEndsTheBatchFailedOnlyWhenTheOthersHaveEndedToo() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(3));
        List<ClaimedTask> claimed = claimAll(3);

        complete(claimed.subList(0, 1), Completion.Outcome.FAILED);
        // a retry with attempts left is no end: the child waits again
        complete(claimed.subList(1, 2), Completion.Outcome.RETRY);
        assertThat(callbackTasks()).isEmpty();
        complete(claimed.subList(2, 3), Completion.Outcome.SUCCEEDED);
        assertThat(callbackTasks()).isEmpty();

        List<ClaimedTask> retried = claimAll(1);
        CompletionReport last = complete(retried, Completion.Outcome.SUCCEEDED);

        assertThat(last.finishedBatches()).containsExactly(new FinishedBatch(batch.batchId(), BatchState.FAILED, 2));
        assertThat(callbackTasks()).containsExactlyInAnyOrder("on.failure", "on.complete");
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().children())
                .containsOnly(Map.entry(TaskStatus.SUCCESS, 2L), Map.entry(TaskStatus.FAILED, 1L));
    }

    @Test
    void aTaskOutsideAnyBatchEndsNoBatch() {
        stores.taskStore().insert(List.of(child("{}")));
        CompletionReport report = complete(claimAll(1), Completion.Outcome.SUCCEEDED);
        assertThat(report.written()).isEqualTo(1);
        assertThat(report.finishedBatches()).isEmpty();
        assertThat(callbackTasks()).isEmpty();
    }

    @Test
    void cancellingABatchCancelsTheWaitingAsksTheRunningAndInsertsTheCompletionCallbackOnlyAfterTheLast() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(4));
        List<ClaimedTask> running = claimAll(2);

        assertThat(stores.batchStore().cancel(batch.batchId(), "op")).isEqualTo(CancelOutcome.CANCEL_REQUESTED);
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().children())
                .containsOnly(Map.entry(TaskStatus.CANCELLED, 2L), Map.entry(TaskStatus.CANCEL_REQUESTED, 2L));
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().state()).isEqualTo(BatchState.CANCELLING);
        assertThat(stores.batchStore().cancel(batch.batchId(), "op")).isEqualTo(CancelOutcome.ALREADY_FINISHED);
        assertThat(callbackTasks()).isEmpty();

        // one running child finishes its work anyway: the batch is still cancelled
        complete(running.subList(0, 1), Completion.Outcome.SUCCEEDED);
        assertThat(callbackTasks()).isEmpty();
        CompletionReport last = complete(running.subList(1, 2), Completion.Outcome.CANCELLED);

        assertThat(last.finishedBatches()).containsExactly(new FinishedBatch(batch.batchId(), BatchState.CANCELLED, 1));
        assertThat(callbackTasks()).containsExactly("on.complete");
    }

    @Test
    void cancellingABatchWithNothingRunningEndsItAtOnce() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(3));
        assertThat(stores.batchStore().cancel(batch.batchId(), null)).isEqualTo(CancelOutcome.CANCELLED);
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().state()).isEqualTo(BatchState.CANCELLED);
        assertThat(callbackTasks()).containsExactly("on.complete");
        assertThat(stores.batchStore().cancel(424242L, null)).isEqualTo(CancelOutcome.NOT_FOUND);
    }

    @Test
    void cancellingTheLastWaitingChildAloneEndsItsBatch() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(2));
        complete(claimAll(1), Completion.Outcome.SUCCEEDED);
        long waiting = batch.children().get(1).taskId();

        assertThat(stores.taskStore().cancel(waiting)).isEqualTo(CancelOutcome.CANCELLED);

        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().state()).isEqualTo(BatchState.FAILED);
        assertThat(callbackTasks()).containsExactlyInAnyOrder("on.failure", "on.complete");
    }

    @Test
    void aRecoveredLastChildEndsItsBatch() {
        SubmittedBatch batch = stores.batchStore().insert(new NewBatch(
                List.of(new NewTask(CHILD, "{}", 0, 0, 1, null, null)), Map.of(BatchCallback.COMPLETE, callback("on.complete")),
                null));
        claimAll(1);
        jdbc.update("UPDATE system_async_task SET lease_until = TIMESTAMPADD(SECOND, -5, NOW(3)) WHERE batch_id = ?",
                batch.batchId());

        var recovery = stores.leaseStore().recoverExpiredLeases("test-recoverer", 10);

        assertThat(recovery.failed()).isEqualTo(1);
        assertThat(recovery.finishedBatches()).containsExactly(new FinishedBatch(batch.batchId(), BatchState.FAILED, 1));
        assertThat(callbackTasks()).containsExactly("on.complete");
    }

    @Test
    void aRunningChildAddsChildrenAndTheBatchWaitsForThem() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(1));
        ClaimedTask parent = claimAll(1).get(0);

        var added = stores.batchStore().addChildren(batch.batchId(), parent.id(), List.of(child("{}"), child("{}")));
        assertThat(added).hasSize(2);
        complete(List.of(parent), Completion.Outcome.SUCCEEDED);
        assertThat(callbackTasks()).isEmpty();
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().children())
                .containsOnly(Map.entry(TaskStatus.SUCCESS, 1L), Map.entry(TaskStatus.QUEUED, 2L));

        // a child no longer running adds nothing
        assertThatThrownBy(() -> stores.batchStore().addChildren(batch.batchId(), parent.id(), List.of(child("{}"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not a RUNNING child");
        CompletionReport last = complete(claimAll(2), Completion.Outcome.SUCCEEDED);
        assertThat(last.finishedBatches()).extracting(FinishedBatch::state).containsExactly(BatchState.SUCCEEDED);
        assertThat(stores.batchStore().find(batch.batchId()).orElseThrow().total()).isEqualTo(3);
    }

    @Test
    void aCancelledBatchTakesNoNewChildren() {
        SubmittedBatch batch = stores.batchStore().insert(batchOf(2));
        ClaimedTask running = claimAll(1).get(0);
        jdbc.update("UPDATE system_async_task_batch SET state = 'CANCELLING' WHERE id = ?", batch.batchId());

        assertThatThrownBy(() -> stores.batchStore().addChildren(batch.batchId(), running.id(), List.of(child("{}"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("CANCELLING, not OPEN");
    }

    @Test
    void theRepairEndsABatchThatAWriteBehindItsBackLeftOpenAndCountsIt() {
        SubmittedBatch stranded = stores.batchStore().insert(batchOf(2));
        SubmittedBatch open = stores.batchStore().insert(batchOf(2));
        // a write that does not end the batch (as a statement of no store would)
        jdbc.update("UPDATE system_async_task SET status = 'SUCCESS', finished_at = NOW(3) WHERE batch_id = ?",
                stranded.batchId());

        assertThat(stores.batchStore().countUnfinished(100)).isEqualTo(2);
        List<FinishedBatch> repaired = stores.batchStore().repairFinished(100);

        assertThat(repaired).containsExactly(new FinishedBatch(stranded.batchId(), BatchState.SUCCEEDED, 2));
        assertThat(stores.batchStore().repairFinished(100)).isEmpty();
        assertThat(stores.batchStore().find(open.batchId()).orElseThrow().state()).isEqualTo(BatchState.OPEN);
        assertThat(callbackTasks()).containsExactlyInAnyOrder("on.success", "on.complete");
        assertThat(stores.batchStore().countUnfinished(100)).isEqualTo(1);
    }

    @Test
    void theListingIsNewestFirstAndFiltersByState() {
        SubmittedBatch older = stores.batchStore().insert(batchOf(1));
        SubmittedBatch newer = stores.batchStore().insert(batchOf(1));
        stores.batchStore().cancel(older.batchId(), null);

        assertThat(stores.batchStore().list(null, null, 10)).extracting(BatchView::id)
                .containsExactly(newer.batchId(), older.batchId());
        assertThat(stores.batchStore().list(BatchState.CANCELLED, null, 10)).extracting(BatchView::id)
                .containsExactly(older.batchId());
        assertThat(stores.batchStore().list(null, newer.batchId(), 10)).extracting(BatchView::id)
                .containsExactly(older.batchId());
        assertThat(stores.batchStore().find(777_777L)).isEmpty();
    }

    @Test
    void aChildWithADedupKeyIsRefused() {
        assertThatThrownBy(() -> stores.batchStore().insert(new NewBatch(
                List.of(new NewTask(CHILD, "{}", 0, 0, 3, null, "k")), Map.of(), null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dedup key");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_batch", Long.class)).isZero();
    }

    private List<ClaimedTask> claimAll(int expected) {
        List<ClaimedTask> claimed = new ArrayList<>(stores.leaseStore().claim(
                new ClaimRequest("w", Set.of(CHILD), expected, LEASE, ConcurrencyLimits.NONE)));
        assertThat(claimed).hasSize(expected);
        return claimed;
    }

    private CompletionReport complete(List<ClaimedTask> tasks, Completion.Outcome outcome) {
        return stores.leaseStore().complete("w", tasks.stream().map(task -> outcomeOf(task, outcome)).toList());
    }

    static Completion outcomeOf(ClaimedTask task, Completion.Outcome outcome) {
        Completion completion = switch (outcome) {
            case SUCCEEDED -> Completion.succeeded(task.id(), task.leaseToken(), null);
            case FAILED -> Completion.failed(task.id(), task.leaseToken(), "bad");
            case RETRY -> Completion.retry(task.id(), task.leaseToken(), "again", 0);
            case CANCELLED -> Completion.cancelled(task.id(), task.leaseToken());
            case RELEASED -> Completion.released(task.id(), task.leaseToken());
        };
        return completion.inBatch(task.batchId());
    }

    private List<String> callbackTasks() {
        return jdbc.queryForList("SELECT task_type FROM system_async_task WHERE task_type LIKE 'on.%'", String.class);
    }
}
