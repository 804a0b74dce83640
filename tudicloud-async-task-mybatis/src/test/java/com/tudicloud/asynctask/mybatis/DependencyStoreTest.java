package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.LinkedTask;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskLinks;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskStore;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Dependencies on the real server: a task that waits is never claimed, the end of its last dependency makes it
 * due in the same transaction, a dependency that does not succeed cancels it (or not, by its rule), and no end
 * counts a dependent twice, whichever path writes the end (a worker, a recovery, a cancel) and however the ends race.
 */
class DependencyStoreTest {

    private static final String WORKER = "worker-a";
    private static final Duration LEASE = Duration.ofMillis(30_000);

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final TaskStore tasks = stores.taskStore();
    private final LeaseStore leases = stores.leaseStore();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTables() {
        db.deleteAllTasks();
    }

    @Test
    void aChainRunsStepByStepAndNoWaitingStepIsClaimed() {
        List<Long> chain = ids(tasks.insertChain(List.of(task("step"), task("step"), task("step"))));

        assertThat(statuses(chain)).containsExactly("QUEUED", "WAITING", "WAITING");
        for (int step = 0; step < chain.size(); step++) {
            List<ClaimedTask> claimed = leases.claim(claim(10));
            assertThat(claimed).extracting(ClaimedTask::id).containsExactly(chain.get(step));
            assertThat(claimed.get(0).hasDependents()).isEqualTo(step < chain.size() - 1);
            assertThat(succeed(claimed.get(0)).madeDue()).isEqualTo(step < chain.size() - 1 ? 1 : 0);
        }
        assertThat(statuses(chain)).containsOnly("SUCCESS");
        assertThat(leases.claim(claim(10))).isEmpty();
    }

    @Test
    void aDependentSubmittedWhileItsDependencyRunsIsReleasedByItsEnd() {
        long dependency = ids(tasks.insert(List.of(task("step")))).get(0);
        ClaimedTask running = leases.claim(claim(10)).get(0);
        assertThat(running.hasDependents()).isFalse();
        long dependent = ids(tasks.insert(List.of(after("step", dependency)))).get(0);
        assertThat(rows.status(dependent)).isEqualTo("WAITING");

        // the worker writes the outcome as claimed, without dependents: the store finds the new one and counts it down
        CompletionReport report = leases.complete(WORKER, List.of(Completion.succeeded(running.id(), running.leaseToken(), null)));

        assertThat(report.written()).isEqualTo(1);
        assertThat(report.rejected()).isEmpty();
        assertThat(report.madeDue()).as("the worker wakes its poller on it").isEqualTo(1);
        assertThat(rows.status(dependency)).isEqualTo("SUCCESS");
        assertThat(rows.status(dependent)).isEqualTo("QUEUED");
        assertThat(waitingOn(dependent)).isZero();
    }

    @Test
    void aDiamondRunsItsJoinOnceBothBranchesEnded() {
        long a = ids(tasks.insert(List.of(task("step")))).get(0);
        succeed(leases.claim(claim(10)).get(0));
        List<Long> branches = ids(tasks.insert(List.of(after("step", a), after("step", a))));
        long d = ids(tasks.insert(List.of(after("step", branches.get(0), branches.get(1))))).get(0);
        assertThat(statuses(branches)).containsOnly("QUEUED");   // a had ended: they wait for nothing
        assertThat(rows.status(d)).isEqualTo("WAITING");
        assertThat(waitingOn(d)).isEqualTo(2);

        List<ClaimedTask> both = leases.claim(claim(10));
        succeed(both.get(0));
        assertThat(rows.status(d)).isEqualTo("WAITING");
        assertThat(waitingOn(d)).isEqualTo(1);
        succeed(both.get(1));
        assertThat(rows.status(d)).isEqualTo("QUEUED");
        assertThat(tasks.links(d, 10).dependsOn()).extracting(LinkedTask::id).containsExactlyElementsOf(branches);
        assertThat(tasks.links(branches.get(0), 10).dependents()).extracting(LinkedTask::id, LinkedTask::status)
                .containsExactly(tuple(d, TaskStatus.QUEUED));
    }

    @Test
    void twoBranchesEndingAtOnceOnTwoConnectionsReleaseTheirJoinExactlyOnce() throws Exception {
        for (int round = 0; round < 20; round++) {
            db.deleteAllTasks();
            List<Long> branches = ids(tasks.insert(List.of(task("step"), task("step"))));
            long join = ids(tasks.insert(List.of(after("step", branches.get(0), branches.get(1))))).get(0);
            List<ClaimedTask> claimed = leases.claim(claim(10));
            CyclicBarrier start = new CyclicBarrier(2);
            ExecutorService threads = Executors.newFixedThreadPool(2);
            try {
                List<Future<CompletionReport>> writes = new ArrayList<>();
                for (ClaimedTask branch : claimed) {
                    writes.add(threads.submit(() -> {
                        start.await(10, TimeUnit.SECONDS);
                        return leases.complete(WORKER, List.of(
                                Completion.succeeded(branch.id(), branch.leaseToken(), null).withDependents(true)));
                    }));
                }
                for (Future<CompletionReport> write : writes) {
                    assertThat(write.get(30, TimeUnit.SECONDS).written()).isEqualTo(1);
                }
            } finally {
                threads.shutdownNow();
            }
            assertThat(rows.status(join)).as("round %d", round).isEqualTo("QUEUED");
            assertThat(waitingOn(join)).as("round %d", round).isZero();
        }
    }

    @Test
    void aFailedDependencyCancelsTheRestOfTheChainButNotADependentThatRunsAnyway() {
        List<Long> chain = ids(tasks.insertChain(List.of(task("step"), task("step"), task("step"))));
        long anyway = ids(tasks.insert(List.of(runAnyway(after("cleanup", chain.get(0)))))).get(0);
        ClaimedTask first = leases.claim(claim(10)).get(0);

        leases.complete(WORKER, List.of(Completion.failed(first.id(), first.leaseToken(), "broken")
                .withDependents(first.hasDependents())));

        assertThat(statuses(chain)).containsExactly("FAILED", "CANCELLED", "CANCELLED");
        assertThat(lastError(chain.get(1))).isEqualTo("dependency " + chain.get(0) + " ended FAILED");
        assertThat(lastError(chain.get(2))).isEqualTo("dependency " + chain.get(1) + " ended CANCELLED");
        assertThat(rows.status(anyway)).isEqualTo("QUEUED");
    }

    @Test
    void aRetryWithAttemptsLeftReleasesNothing() {
        List<Long> chain = ids(tasks.insertChain(List.of(task("step"), task("step"))));
        ClaimedTask first = leases.claim(claim(10)).get(0);

        leases.complete(WORKER, List.of(Completion.retry(first.id(), first.leaseToken(), "again", 0).withDependents(true)));

        assertThat(statuses(chain)).containsExactly("QUEUED", "WAITING");
        succeed(leases.claim(claim(10)).get(0));
        assertThat(statuses(chain)).containsExactly("SUCCESS", "QUEUED");
    }

    @Test
    void cancellingAWaitingTaskCancelsItsDependentsAndARecoveryThatFailsADependencyDoesToo() {
        List<Long> chain = ids(tasks.insertChain(List.of(task("step"), task("step"), task("step"))));
        tasks.cancel(chain.get(1));
        assertThat(statuses(chain)).containsExactly("QUEUED", "CANCELLED", "CANCELLED");

        db.deleteAllTasks();
        List<Long> second = ids(tasks.insertChain(List.of(oneAttempt("step"), task("step"))));
        ClaimedTask first = leases.claim(claim(10)).get(0);
        rows.expireLease(first.id());
        assertThat(leases.recoverExpiredLeases("recoverer", 10).failed()).isEqualTo(1);
        assertThat(statuses(second)).containsExactly("FAILED", "CANCELLED");
    }

    @Test
    void aSubmitAfterAnEndedDependencyStartsAsItsEndSays() {
        long succeeded = ids(tasks.insert(List.of(task("step")))).get(0);
        succeed(leases.claim(claim(10)).get(0));
        long cancelled = ids(tasks.insert(List.of(task("other")))).get(0);
        tasks.cancel(cancelled);

        List<SubmittedTask> submitted = tasks.insert(List.of(after("step", succeeded),
                after("step", succeeded, cancelled), runAnyway(after("step", cancelled))));

        assertThat(statuses(ids(submitted))).containsExactly("QUEUED", "CANCELLED", "QUEUED");
        assertThat(lastError(submitted.get(1).taskId())).isEqualTo("dependency " + cancelled + " ended CANCELLED");
    }

    @Test
    void anIdOfNoTaskIsRefusedAndNothingIsInserted() {
        long existing = ids(tasks.insert(List.of(task("step")))).get(0);

        assertThatThrownBy(() -> tasks.insert(List.of(after("step", existing, 987_654_321L))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("987654321");
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task", Long.class)).isEqualTo(1);
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_dependency", Long.class)).isZero();
    }

    @Test
    void aChainOfTwoThousandStepsLinksEachStepToTheOneInsertedBeforeIt() {
        List<NewTask> steps = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            steps.add(task("step"));
        }
        List<Long> chain = ids(tasks.insertChain(steps));

        assertThat(rows.count("WAITING")).isEqualTo(1_999);
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_dependency d "
                + "JOIN system_async_task t ON t.id = d.task_id AND d.depends_on_id = t.id - 1", Long.class))
                .as("each step waits for the one inserted before it").isEqualTo(1_999);
        assertThat(chain).doesNotHaveDuplicates().hasSize(2_000);
    }

    @Test
    void retentionDeletesTheEdgesOfTheTasksItDeletes() {
        List<Long> chain = ids(tasks.insertChain(List.of(task("step"), task("step"))));
        succeed(leases.claim(claim(10)).get(0));
        succeed(leases.claim(claim(10)).get(0));

        stores.adminStore().deleteFinished(TaskStatus.SUCCESS, Duration.ZERO, 100);

        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_dependency", Long.class)).isZero();
        assertThat(tasks.links(chain.get(1), 10)).isEqualTo(new TaskLinks(List.of(), List.of()));
    }

    private CompletionReport succeed(ClaimedTask task) {
        CompletionReport report = leases.complete(WORKER, List.of(
                Completion.succeeded(task.id(), task.leaseToken(), null).withDependents(task.hasDependents())));
        assertThat(report.written()).isEqualTo(1);
        return report;
    }

    private List<String> statuses(List<Long> ids) {
        return ids.stream().map(rows::status).toList();
    }

    private int waitingOn(long taskId) {
        return rows.jdbc().queryForObject("SELECT waiting_on FROM system_async_task WHERE id = ?", Integer.class, taskId);
    }

    private String lastError(long taskId) {
        return rows.jdbc().queryForObject("SELECT last_error FROM system_async_task WHERE id = ?", String.class, taskId);
    }

    private static List<Long> ids(List<SubmittedTask> submitted) {
        return submitted.stream().map(SubmittedTask::taskId).toList();
    }

    private static NewTask task(String type) {
        return new NewTask(type, "{}", 0, 0, 3, null, null, null, null);
    }

    private static NewTask oneAttempt(String type) {
        return new NewTask(type, "{}", 0, 0, 1, null, null, null, null);
    }

    private static NewTask after(String type, long... dependencies) {
        return new NewTask(type, "{}", 0, 0, 3, null, null, null, null,
                Arrays.stream(dependencies).boxed().toList(), DependencyFailure.CANCEL);
    }

    private static NewTask runAnyway(NewTask task) {
        return new NewTask(task.taskType(), task.payloadJson(), 0, 0, task.maxAttempts(), null, null, null, null,
                task.after(), DependencyFailure.RUN);
    }

    private static ClaimRequest claim(int slots) {
        return new ClaimRequest(WORKER, Set.of("step", "other", "cleanup"), slots, LEASE, ConcurrencyLimits.NONE);
    }
}
