package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.QueueProbe;
import com.tudicloud.asynctask.api.spi.WorkerRegistry;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.sql.Timestamp;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an idle worker's look at the queue answers, as a probe and as the registry refresh that carries
 * one: due tasks of its types (QUEUED, or SCHEDULED and due) and nothing else count; an expired lease of any
 * worker is reported; the refresh happens only when nothing is due, and says so.
 */
class IdleLookTest {

    private static final Set<String> MINE = Set.of("look.mine", "look.also-mine");

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void onlyDueTasksOfTheWorkersTypesCount(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());

        assertThat(f.leases.probe(MINE)).isEqualTo(new QueueProbe(false, false));
        f.submit("look.other", 0);
        f.submit("look.mine", 3_600_000);   // due in an hour: SCHEDULED
        assertThat(f.leases.probe(MINE).dueTasks()).as("another type's task, one not yet due").isFalse();

        f.jdbc.update("UPDATE system_async_task SET available_at = TIMESTAMPADD(SECOND, -1, NOW(3))"
                + " WHERE task_type = 'look.mine'");
        assertThat(f.leases.probe(MINE).dueTasks()).as("a SCHEDULED task that has become due").isTrue();

        f.jdbc.update("DELETE FROM system_async_task WHERE task_type = 'look.mine'");
        f.submit("look.also-mine", 0);
        assertThat(f.leases.probe(MINE).dueTasks()).as("a QUEUED task").isTrue();
        assertThat(f.leases.probe(Set.of()).dueTasks()).as("no types").isFalse();
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void anExpiredLeaseOfAnyWorkerIsReported(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        f.submit("look.other", 0);
        f.leases.claim(new ClaimRequest("someone-else", Set.of("look.other"), 1, Duration.ofMillis(60_000), ConcurrencyLimits.NONE));
        assertThat(f.leases.probe(MINE).expiredLeases()).as("a lease still valid").isFalse();

        f.jdbc.update("UPDATE system_async_task SET lease_until = TIMESTAMPADD(SECOND, -1, NOW(3))");

        assertThat(f.leases.probe(MINE)).isEqualTo(new QueueProbe(false, true));
    }

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void theRegistryRefreshThatLooksRefreshesOnlyWhenNothingIsDue(SupportedDatabase database) {
        Fixture f = new Fixture(database.dataSource());
        f.registry.register("look-w", "host", "look.mine", 4);
        f.jdbc.update("UPDATE system_async_task_worker SET last_heartbeat = TIMESTAMPADD(MINUTE, -5, NOW(3))"
                + " WHERE worker_id = 'look-w'");
        f.submit("look.other", 0);

        assertThat(f.registry.heartbeatUnlessDue("look-w", 2, MINE)).as("nothing of its types due").isTrue();
        assertThat(f.heartbeatAgeSeconds()).isLessThan(60);

        f.jdbc.update("UPDATE system_async_task_worker SET last_heartbeat = TIMESTAMPADD(MINUTE, -5, NOW(3))"
                + " WHERE worker_id = 'look-w'");
        f.submit("look.mine", 0);
        assertThat(f.registry.heartbeatUnlessDue("look-w", 2, MINE)).as("a task of its types due").isFalse();
        assertThat(f.heartbeatAgeSeconds()).as("row left as it was").isGreaterThanOrEqualTo(240);

        f.jdbc.update("DELETE FROM system_async_task WHERE task_type = 'look.mine'");
        f.jdbc.update("DELETE FROM system_async_task_worker WHERE worker_id = 'look-w'");
        assertThat(f.registry.heartbeatUnlessDue("look-w", 2, MINE)).as("no row to refresh").isFalse();
    }

    private static final class Fixture {
        final JdbcTemplate jdbc;
        final LeaseStore leases;
        final WorkerRegistry registry;
        private final MyBatisStores stores;

        Fixture(DataSource dataSource) {
            jdbc = new JdbcTemplate(dataSource);
            jdbc.update("DELETE FROM system_async_task WHERE task_type LIKE 'look.%' OR status IN ('RUNNING', 'CANCEL_REQUESTED')");
            jdbc.update("DELETE FROM system_async_task_worker WHERE worker_id = 'look-w'");
            stores = MyBatisStores.create(dataSource);
            leases = stores.leaseStore();
            registry = stores.workerRegistry();
        }

        void submit(String type, long delayMillis) {
            stores.taskStore().insert(List.of(new NewTask(type, "{}", 0, delayMillis, 3, null, null)));
        }

        long heartbeatAgeSeconds() {
            Timestamp last = jdbc.queryForObject(
                    "SELECT last_heartbeat FROM system_async_task_worker WHERE worker_id = 'look-w'", Timestamp.class);
            Timestamp now = jdbc.queryForObject("SELECT NOW(3)", Timestamp.class);
            return (now.getTime() - last.getTime()) / 1000;
        }
    }
}
