package com.tudicloud.asynctask.mybatis;

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
import com.tudicloud.asynctask.testing.RowLocks;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values the database cannot store, handed to the store as they are (the engine fits what handlers
 * return before that; this is the wall behind it): one bad row never holds another row's outcome, and
 * a heartbeat is never jammed by a progress message.
 */
class BadOutcomeTest {

    private static final String WORKER = "w";
    private static final Duration LEASE = Duration.ofMillis(60_000);
    private static final long YEAR_MILLIS = 365L * 24 * 3600 * 1000;

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final LeaseStore leases = stores.leaseStore();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void aRowTheDatabaseRefusesEndsFailedAndTheOthersLand() {
        List<ClaimedTask> c = claim(6);

        CompletionReport report = leases.complete(WORKER, List.of(
                Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), "out-0"),
                Completion.succeeded(c.get(1).id(), c.get(1).leaseToken(), "x".repeat(256)),
                Completion.failed(c.get(2).id(), c.get(2).leaseToken(), "bad input"),
                Completion.failed(c.get(3).id(), c.get(3).leaseToken(), "y".repeat(2001)),
                Completion.retry(c.get(4).id(), c.get(4).leaseToken(), "busy", 60_000),
                Completion.released(c.get(5).id(), c.get(5).leaseToken())));

        assertThat(report.rejected()).isEmpty();
        assertThat(view(c.get(0)).status()).isEqualTo(TaskStatus.SUCCESS);
        assertThat(view(c.get(0)).artifactId()).isEqualTo("out-0");
        assertThat(view(c.get(2)).status()).isEqualTo(TaskStatus.FAILED);
        assertThat(view(c.get(2)).lastError()).isEqualTo("bad input");
        assertThat(view(c.get(4)).status()).isEqualTo(TaskStatus.SCHEDULED);
        assertThat(view(c.get(5)).status()).isEqualTo(TaskStatus.QUEUED);
        for (ClaimedTask bad : List.of(c.get(1), c.get(3))) {
            TaskView view = view(bad);
            assertThat(view.status()).isEqualTo(TaskStatus.FAILED);
            assertThat(view.lastError()).startsWith("its outcome could not be stored").hasSizeLessThanOrEqualTo(2000);
            assertThat(view.leaseUntil()).isNull();
        }
    }

    /** Delays past what DATETIME(3) holds (year 9999), or past what the arithmetic holds, are clamped. */
    @Test
    void delaysBeyondTheCalendarAreClamped() {
        List<ClaimedTask> c = claim(2);

        CompletionReport report = leases.complete(WORKER, List.of(
                Completion.retry(c.get(0).id(), c.get(0).leaseToken(), "much later", 20_000 * YEAR_MILLIS),
                Completion.retry(c.get(1).id(), c.get(1).leaseToken(), "never", Long.MAX_VALUE)));

        assertThat(report.written()).isEqualTo(2);
        for (ClaimedTask task : c) {
            assertThat(view(task).status()).isEqualTo(TaskStatus.SCHEDULED);
            assertThat(rows.millisUntilDue(task.id())).isGreaterThan(100 * YEAR_MILLIS);
        }
    }

    @Test
    void aProgressMessageTheDatabaseRefusesNeverJamsTheHeartbeat() {
        List<ClaimedTask> c = claim(2);

        Map<Long, LeaseState> states = leases.renew(WORKER, List.of(
                new LeaseRenewal(c.get(0).id(), c.get(0).leaseToken(), 50, "halfway"),
                new LeaseRenewal(c.get(1).id(), c.get(1).leaseToken(), 60, "z".repeat(501))), LEASE);

        assertThat(states).containsEntry(c.get(0).id(), LeaseState.HELD).containsEntry(c.get(1).id(), LeaseState.HELD);
        assertThat(rows.millisUntilLeaseEnds(c.get(1).id())).isGreaterThan(LEASE.toMillis() - 10_000);
        assertThat(view(c.get(1)).progressMessage()).isNull();
    }

    /** A lock wait timeout is a passing trouble, not a bad row: the group is written again, whole. */
    @Test
    void aLockWaitTimeoutIsRetriedNotTakenForABadRow() throws Exception {
        try (HikariDataSource impatient = db.newDataSource(2, "sessionVariables=innodb_lock_wait_timeout=1")) {
            LeaseStore store = MyBatisStores.create(impatient).leaseStore();
            List<ClaimedTask> c = claim(2);
            CompletableFuture<CompletionReport> completing;
            try (RowLocks blocker = RowLocks.holdTaskRows(db.dataSource(), c.get(1).id())) {
                completing = CompletableFuture.supplyAsync(() -> store.complete(WORKER, List.of(
                        Completion.succeeded(c.get(0).id(), c.get(0).leaseToken(), "a"),
                        Completion.failed(c.get(1).id(), c.get(1).leaseToken(), "b"))));
                RowLocks.awaitLockWaits(db.dataSource(), 1);
                Thread.sleep(1_500);   // past one lock wait timeout
            }
            assertThat(completing.get(30, TimeUnit.SECONDS).written()).isEqualTo(2);
            assertThat(view(c.get(0)).status()).isEqualTo(TaskStatus.SUCCESS);
            assertThat(view(c.get(1)).lastError()).isEqualTo("b");
        }
    }

    private List<ClaimedTask> claim(int count) {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            tasks.add(new NewTask("job", null, 0, 0, 3, null, null));
        }
        stores.taskStore().insert(tasks);
        List<ClaimedTask> claimed = new ArrayList<>(leases.claim(
                new ClaimRequest(WORKER, Set.of("job"), count, LEASE, ConcurrencyLimits.NONE)));
        claimed.sort(Comparator.comparingLong(ClaimedTask::id));
        return claimed;
    }

    private TaskView view(ClaimedTask task) {
        return stores.taskStore().findById(task.id()).orElseThrow();
    }
}
