package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A claimed task carries every column of its row as the claim read it, set or NULL, through {@link ClaimRows}. */
class ClaimRowsTest {

    private static final String TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
    }

    @Test
    void aClaimedTaskCarriesEveryColumnItWasClaimedWith() {
        MyBatisStores stores = MyBatisStores.create(db.dataSource());
        stores.taskStore().insert(List.of(
                new NewTask("report", "{\"page\":7}", 5, 0, 4, "owner-1", null, "customer-9", TRACE),
                new NewTask("report", null, 0, 0, 1, null, null, null, null)));
        rows.jdbc().update("UPDATE system_async_task SET attempt_count = 2, lease_token = 6 WHERE priority = 5");
        LeaseStore store = stores.leaseStore();

        List<ClaimedTask> claimed = store.claim(new ClaimRequest("w", Set.of("report"), 10, Duration.ofMinutes(1), ConcurrencyLimits.NONE))
                .stream().sorted(Comparator.comparingInt(ClaimedTask::maxAttempts).reversed()).toList();

        assertThat(claimed).hasSize(2);
        ClaimedTask full = claimed.get(0);
        assertThat(full.taskType()).isEqualTo("report");
        assertThat(full.payloadJson()).isEqualTo("{\"page\":7}");
        assertThat(full.attempt()).isEqualTo(3);
        assertThat(full.maxAttempts()).isEqualTo(4);
        assertThat(full.ownerId()).isEqualTo("owner-1");
        assertThat(full.leaseToken()).isEqualTo(7);
        assertThat(full.traceParent()).isEqualTo(TRACE);
        assertThat(full.batchId()).isNull();
        ClaimedTask bare = claimed.get(1);
        assertThat(bare.payloadJson()).isNull();
        assertThat(bare.ownerId()).isNull();
        assertThat(bare.traceParent()).isNull();
        assertThat(bare.attempt()).isEqualTo(1);
        assertThat(bare.leaseToken()).isEqualTo(1);
    }
}
