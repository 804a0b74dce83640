package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.CompletionReport;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The children a group of outcomes carries land with the outcomes the database wrote, and only with those. */
class RunningTaskChildrenStoreTest {

    private static final String WORKER = "worker-a";
    private static final Duration LEASE = Duration.ofMillis(30_000);
    private static final String TRACE = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    private final TestDatabase db = TestDatabase.get();
    private final MyBatisStores stores = MyBatisStores.create(db.dataSource());
    private final LeaseStore leases = stores.leaseStore();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void emptyTable() {
        db.deleteAllTasks();
    }

    @Test
    void insertsTheChildrenOfWrittenParentsOnlyInTheirTrace() {
        stores.taskStore().insert(List.of(parent(), parent(), parent()));
        List<ClaimedTask> claimed = leases.claim(claim());
        ClaimedTask first = claimed.get(0);
        ClaimedTask stale = claimed.get(1);
        ClaimedTask third = claimed.get(2);
        // the second parent's lease is lost and another claim holds it under a new token
        rows.expireLease(stale.id());
        assertThat(leases.recoverExpiredLeases("recoverer", 10).requeued()).isEqualTo(1);
        assertThat(leases.claim(claim())).extracting(ClaimedTask::id).containsExactly(stale.id());

        CompletionReport report = leases.complete(WORKER, List.of(
                succeeded(first, child("first-a"), child("first-b")),
                succeeded(stale, child("stale-a")),
                succeeded(third, child("third-a"))));

        assertThat(report.rejected()).containsExactly(stale.id());
        assertThat(children()).extracting(row -> row.get("task_type"), row -> row.get("parent_task_id"),
                row -> row.get("trace_parent"), row -> row.get("status")).containsExactlyInAnyOrder(
                tuple("first-a", first.id(), TRACE, "QUEUED"),
                tuple("first-b", first.id(), TRACE, "QUEUED"),
                tuple("third-a", third.id(), TRACE, "QUEUED"));
    }

    @Test
    void aGroupWhoseOnlyParentIsRefusedInsertsNoChild() {
        stores.taskStore().insert(List.of(parent()));
        ClaimedTask task = leases.claim(claim()).get(0);
        rows.expireLease(task.id());
        leases.recoverExpiredLeases("recoverer", 10);

        CompletionReport report = leases.complete(WORKER, List.of(succeeded(task, child("orphan"))));

        assertThat(report.rejected()).containsExactly(task.id());
        assertThat(children()).isEmpty();
    }

    @Test
    void childrenOfManyParentsPastOneInsertChunkAllLand() {
        stores.taskStore().insert(List.of(parent(), parent()));
        List<ClaimedTask> claimed = leases.claim(claim());
        List<NewTask> many = new ArrayList<>();
        for (int i = 0; i < TaskInserts.INSERT_CHUNK; i++) {
            many.add(child("many"));
        }

        leases.complete(WORKER, List.of(succeeded(claimed.get(0), many.toArray(NewTask[]::new)),
                succeeded(claimed.get(1), child("one"))));

        assertThat(children()).hasSize(TaskInserts.INSERT_CHUNK + 1);
        assertThat(rows.status(claimed.get(0).id())).isEqualTo("SUCCESS");
    }

    @Test
    void onlyASuccessCarriesChildren() {
        assertThatThrownBy(() -> Completion.retry(1, 1, "again", 0).withChildren(List.of(child("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only a SUCCEEDED outcome");
        assertThatThrownBy(() -> Completion.failed(1, 1, "bad").withChildren(List.of(child("x"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aChildWithADedupKeyIsRefusedAndItsParentStaysRunning() {
        stores.taskStore().insert(List.of(parent()));
        ClaimedTask task = leases.claim(claim()).get(0);
        NewTask deduplicated = new NewTask("child", "{}", 0, 0, 3, null, "once", null, null);

        assertThatThrownBy(() -> leases.complete(WORKER, List.of(succeeded(task, deduplicated))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dedup key");
        assertThat(rows.status(task.id())).isEqualTo("RUNNING");   // the outcome's transaction rolled back
        assertThat(children()).isEmpty();
    }

    @Test
    void aChildTheDatabaseCannotStoreEndsItsParentFailedWithoutChildren() {
        stores.taskStore().insert(List.of(parent(), parent()));
        List<ClaimedTask> claimed = leases.claim(claim());
        NewTask tooLongType = child("t".repeat(101));

        CompletionReport report = leases.complete(WORKER, List.of(succeeded(claimed.get(0), tooLongType),
                succeeded(claimed.get(1), child("fine"))));

        assertThat(report.unstorable()).containsExactly(claimed.get(0).id());
        assertThat(rows.status(claimed.get(0).id())).isEqualTo("FAILED");
        assertThat(rows.status(claimed.get(1).id())).isEqualTo("SUCCESS");
        assertThat(children()).extracting(row -> row.get("task_type")).containsExactly("fine");
    }

    private List<Map<String, Object>> children() {
        return rows.jdbc().queryForList("SELECT task_type, parent_task_id, trace_parent, status FROM system_async_task "
                + "WHERE parent_task_id IS NOT NULL");
    }

    private static Completion succeeded(ClaimedTask task, NewTask... children) {
        return Completion.succeeded(task.id(), task.leaseToken(), null).withChildren(List.of(children));
    }

    private static NewTask parent() {
        return new NewTask("parent", "{}", 0, 0, 3, null, null, null, TRACE);
    }

    /** As the worker makes it: in its parent's trace. */
    private static NewTask child(String type) {
        return new NewTask(type, "{}", 0, 0, 3, null, null, null, TRACE);
    }

    private static ClaimRequest claim() {
        return new ClaimRequest(WORKER, Set.of("parent"), 10, LEASE, ConcurrencyLimits.NONE);
    }
}
