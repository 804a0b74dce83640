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
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.RowLocks;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a worker's completion writes lock rows, against its own heartbeat and an operator's cancel:
 * each interleaving is forced with a third session that holds one row, on the real database.
 */
class CompletionLockingTest {

    private static final String WORKER = "w";
    private static final Duration LEASE = Duration.ofMillis(60_000);

    private final TestDatabase db = TestDatabase.get();
    private final List<String> lockRetries = new CopyOnWriteArrayList<>();
    private final List<HikariDataSource> pools = new ArrayList<>();
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private MyBatisStores stores;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        HikariDataSource pool = db.newDataSource(4);
        pools.add(pool);
        stores = MyBatisStores.create(pool, lockRetries::add);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    /**
     * The completion of a mixed group and the heartbeat of the same worker lock the same rows. If one
     * locked a higher id before a lower one while the other went upwards, the database would have to
     * kill one of them (a deadlock, error 1213).
     */
    @Test
    void aCompletionAndTheHeartbeatOfOneWorkerNeverDeadlock() throws Exception {
        List<ClaimedTask> held = claimInIdOrder(3);
        ClaimedTask low = held.get(0);       // the other session holds it, so the completion pauses there
        ClaimedTask middle = held.get(1);
        ClaimedTask high = held.get(2);

        CompletionReport report;
        Map<Long, LeaseState> states;
        try (RowLocks blocker = RowLocks.holdTaskRows(db.dataSource(), low.id())) {
            Future<CompletionReport> completing = threads.submit(() -> stores.leaseStore().complete(WORKER, List.of(
                    Completion.succeeded(high.id(), high.leaseToken(), null),
                    Completion.failed(low.id(), low.leaseToken(), "bad input"),
                    Completion.failed(middle.id(), middle.leaseToken(), "bad input"))));
            RowLocks.awaitLockWaits(db.dataSource(), 1);
            Future<Map<Long, LeaseState>> renewing = threads.submit(() -> stores.leaseStore().renew(WORKER,
                    List.of(renewal(middle), renewal(high)), LEASE));
            RowLocks.awaitLockWaitsOr(db.dataSource(), 2, renewing::isDone);
            blocker.close();
            report = completing.get(60, TimeUnit.SECONDS);
            states = renewing.get(60, TimeUnit.SECONDS);
        }

        assertThat(lockRetries).as("deadlocks or lock wait timeouts retried").isEmpty();
        assertThat(report.written()).isEqualTo(3);
        assertThat(status(high)).isEqualTo(TaskStatus.SUCCESS);
        assertThat(status(low)).isEqualTo(TaskStatus.FAILED);
        assertThat(status(middle)).isEqualTo(TaskStatus.FAILED);
        assertThat(states).containsKeys(middle.id(), high.id());
    }

    /**
     * A cancel request that commits while a group is being written must still end the task: the
     * status it set is read by the same statement that writes the outcome.
     */
    @Test
    void aCancelRequestCannotSlipBetweenTheStatementsOfACompletion() throws Exception {
        List<ClaimedTask> held = claimInIdOrder(2);
        ClaimedTask cancelled = held.get(0);
        ClaimedTask high = held.get(1);     // the other session holds it, so the completion pauses there

        CompletionReport report;
        try (RowLocks blocker = RowLocks.holdTaskRows(db.dataSource(), high.id())) {
            Future<CompletionReport> completing = threads.submit(() -> stores.leaseStore().complete(WORKER, List.of(
                    Completion.retry(cancelled.id(), cancelled.leaseToken(), "busy", 1_000),
                    Completion.retry(high.id(), high.leaseToken(), "busy", 1_000))));
            RowLocks.awaitLockWaits(db.dataSource(), 1);
            Future<CancelOutcome> cancelling = threads.submit(() -> stores.taskStore().cancel(cancelled.id()));
            RowLocks.awaitLockWaitsOr(db.dataSource(), 2, cancelling::isDone);
            blocker.close();
            report = completing.get(60, TimeUnit.SECONDS);
            assertThat(cancelling.get(60, TimeUnit.SECONDS)).isIn(CancelOutcome.CANCELLED, CancelOutcome.CANCEL_REQUESTED);
        }

        TaskView view = stores.taskStore().findById(cancelled.id()).orElseThrow();
        assertThat(view.status()).as("a task whose cancel was requested ends CANCELLED").isEqualTo(TaskStatus.CANCELLED);
        assertThat(view.leaseUntil()).isNull();
        assertThat(report.rejected()).isEmpty();
        assertThat(status(high)).isEqualTo(TaskStatus.SCHEDULED);
    }

    private List<ClaimedTask> claimInIdOrder(int count) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new NewTask("job", null, 0, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);
        List<ClaimedTask> claimed = new ArrayList<>(stores.leaseStore().claim(
                new ClaimRequest(WORKER, Set.of("job"), count, LEASE, ConcurrencyLimits.NONE)));
        claimed.sort(Comparator.comparingLong(ClaimedTask::id));
        assertThat(claimed).hasSize(count);
        return claimed;
    }

    private TaskStatus status(ClaimedTask task) {
        return stores.taskStore().findById(task.id()).orElseThrow().status();
    }

    private static LeaseRenewal renewal(ClaimedTask task) {
        return new LeaseRenewal(task.id(), task.leaseToken(), null, null);
    }
}
