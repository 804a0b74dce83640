package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import com.tudicloud.asynctask.testing.TaskRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/** The submit's trace context is stored with the task and comes back with its claim, on each database. */
class TraceContextStorageTest {

    private static final String QUEUED_TRACE = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    private static final String SCHEDULED_TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00";

    /** By either walk of the claim (QUEUED, due SCHEDULED); a task submitted outside a trace has none. */
    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aClaimReturnsTheTraceContextStoredWithTheTask(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        TaskRows rows = new TaskRows(database.dataSource());
        rows.jdbc().update("DELETE FROM system_async_task");
        List<Long> ids = stores.taskStore().insert(List.of(
                new NewTask("mail", "{}", 0, 0, 3, null, null, null, QUEUED_TRACE),
                new NewTask("mail", "{}", 0, 60_000, 3, null, null, null, SCHEDULED_TRACE),
                new NewTask("mail", "{}", 0, 0, 3, null, null))).stream().map(t -> t.taskId()).toList();
        rows.makeDue(ids.get(1));

        List<ClaimedTask> claimed = stores.leaseStore().claim(
                new ClaimRequest("w", Set.of("mail"), 10, Duration.ofMinutes(1), ConcurrencyLimits.NONE));

        assertThat(claimed).extracting(ClaimedTask::id, ClaimedTask::traceParent).containsExactlyInAnyOrder(
                tuple(ids.get(0), QUEUED_TRACE), tuple(ids.get(1), SCHEDULED_TRACE), tuple(ids.get(2), null));
        assertThat(rows.jdbc().queryForList("SELECT trace_parent FROM system_async_task ORDER BY id", String.class))
                .containsExactly(QUEUED_TRACE, SCHEDULED_TRACE, null);
    }

    @Test
    void aTraceContextLongerThanItsColumnIsRefused() {
        String tooLong = QUEUED_TRACE + "-more";

        assertThatThrownBy(() -> new NewTask("mail", "{}", 0, 0, 3, null, null, null, tooLong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("traceParent must be at most 55 characters (a W3C traceparent header): 60");
    }
}
