package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BulkResult;
import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import com.tudicloud.asynctask.api.spi.TypeActivity;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The operators' statements mean the same on every supported database, H2 (the demo's) included: pause and
 * resume, the types' activity, the claim that leaves a paused type alone, bulk retry and cancel.
 */
class OperatorStatementsTest {

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void pauseActivityAndBulkActions(SupportedDatabase database) {
        MyBatisStores stores = MyBatisStores.create(database.dataSource());
        JdbcTemplate jdbc = new JdbcTemplate(database.dataSource());
        jdbc.update("DELETE FROM system_async_task");
        jdbc.update("DELETE FROM system_async_task_type");
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            tasks.add(new NewTask("mail", null, 0, 0, 3, "alice", null));
            tasks.add(new NewTask("report", null, 0, 0, 3, "bob", null));
        }
        stores.taskStore().insert(tasks);
        FleetSettings fleet = stores.fleetSettings();

        assertThat(fleet.pause("report", "alice")).isTrue();
        assertThat(fleet.pause("report", "bob")).isFalse();
        assertThat(fleet.typeSettings().types()).singleElement()
                .satisfies(type -> assertThat(type.pausedBy()).isEqualTo("alice"));
        List<ClaimedTask> claimed = stores.leaseStore().claim(new ClaimRequest("w", Set.of("mail", "report"), 12, Duration.ofMillis(60_000),
                ConcurrencyLimits.NONE, fleet::pausedTypes));
        assertThat(claimed).hasSize(6).allMatch(task -> task.taskType().equals("mail"));
        stores.leaseStore().complete("w", claimed.subList(0, 4).stream()
                .map(task -> Completion.failed(task.id(), task.leaseToken(), "boom")).toList());

        assertThat(stores.adminStore().typeActivity(15)).containsExactly(
                new TypeActivity("mail", 0, 0, 2, 4), new TypeActivity("report", 6, 6, 0, 0));

        TaskFilter alice = new TaskFilter(null, null, "alice", null, null);
        assertThat(stores.adminStore().countMatching(alice.within(Set.of(TaskStatus.FAILED)))).isEqualTo(4);
        assertThat(stores.adminStore().retryMatching(alice, 5).changed()).isEqualTo(4);
        BulkResult cancelled = stores.adminStore().cancelMatching(new TaskFilter(null, null, null, null, null), 5);
        assertThat(cancelled.changed()).isEqualTo(10);      // 4 retried mail and 6 report tasks waited
        assertThat(cancelled.requested()).isEqualTo(2);     // the 2 mail tasks still running
        assertThat(cancelled.batches()).isEqualTo(3);       // 12 ids in ranges of 5

        assertThat(fleet.resume("report")).isTrue();
        assertThat(fleet.pausedTypes(Set.of("report"))).isEmpty();
    }
}
