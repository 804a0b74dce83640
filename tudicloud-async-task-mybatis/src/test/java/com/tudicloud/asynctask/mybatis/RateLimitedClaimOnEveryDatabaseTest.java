package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PauseCheck;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.testing.SupportedDatabase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim under a rate limit on MySQL or MariaDB and on H2: it starts no more than the window has left, a finished
 * task leaves its start in the window, the tasks held back wait as they were, the claimer learns when the window
 * frees, and a type without a limit in the same claim is taken as before.
 */
class RateLimitedClaimOnEveryDatabaseTest {

    private static final String LIMITED = "rated.every-database";
    private static final String OTHER = "rated.every-database.other";
    private static final RateLimit THREE_PER_MINUTE = new RateLimit(3, Duration.ofMinutes(1));
    private static final ConcurrencyLimits LIMITS =
            new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(LIMITED, THREE_PER_MINUTE));

    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void aClaimStartsNoMoreThanTheWindowHasLeft(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("DELETE FROM system_async_task WHERE task_type IN (?, ?)", LIMITED, OTHER);
        jdbc.update("DELETE FROM system_async_task_start WHERE task_type = ?", LIMITED);
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tasks.add(new NewTask(LIMITED, "{}", 0, 0, 3, null, null));
            tasks.add(new NewTask(OTHER, "{}", 0, 0, 3, null, null));
        }
        MyBatisStores stores = MyBatisStores.create(dataSource);
        stores.taskStore().insert(tasks);
        LeaseStore store = stores.leaseStore();
        Map<String, Duration> holds = new HashMap<>();

        List<ClaimedTask> first = store.claim(claim(12, holds));
        store.complete("w", first.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
        Map<String, Duration> firstHolds = Map.copyOf(holds);
        holds.clear();
        List<ClaimedTask> second = store.claim(claim(12, holds));

        assertThat(typesOf(first)).filteredOn(LIMITED::equals).hasSize(3);
        assertThat(typesOf(first)).filteredOn(OTHER::equals).hasSize(9);
        assertThat(firstHolds).containsOnlyKeys(LIMITED);
        assertThat(firstHolds.get(LIMITED)).isEqualTo(THREE_PER_MINUTE.period());   // the claim began the window
        assertThat(typesOf(second)).as("finished or not, a start stays in its window").containsOnly(OTHER).hasSize(1);
        assertThat(holds.get(LIMITED)).isPositive().isLessThanOrEqualTo(THREE_PER_MINUTE.period());
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status = 'QUEUED'"
                + " AND attempt_count = 0", Long.class, LIMITED)).isEqualTo(7);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_start WHERE task_type = ?", Long.class,
                LIMITED)).isEqualTo(3);

        jdbc.update("UPDATE system_async_task_start SET started_at = TIMESTAMPADD(SECOND, -61, started_at)"
                + " WHERE task_type = ?", LIMITED);
        List<ClaimedTask> afterTheWindow = store.claim(claim(2, holds));

        assertThat(typesOf(afterTheWindow)).containsOnly(LIMITED).hasSize(2);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM system_async_task_start WHERE task_type = ?", Long.class,
                LIMITED)).as("the two new starts: the claim pruned the three that left the window").isEqualTo(2);
    }

    /**
     * Two rate-limited types in one claim: each counts its own window of its own period; a retried task waits for
     * its window.
     */
    @ParameterizedTest
    @EnumSource(SupportedDatabase.class)
    void eachTypeCountsItsOwnWindowAndARetriedTaskWaitsForIt(SupportedDatabase database) {
        DataSource dataSource = database.dataSource();
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        jdbc.update("DELETE FROM system_async_task WHERE task_type IN (?, ?)", LIMITED, OTHER);
        jdbc.update("DELETE FROM system_async_task_start WHERE task_type IN (?, ?)", LIMITED, OTHER);
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tasks.add(new NewTask(LIMITED, "{}", 0, 0, 3, null, null));
            tasks.add(new NewTask(OTHER, "{}", 0, 0, 3, null, null));
        }
        MyBatisStores stores = MyBatisStores.create(dataSource);
        stores.taskStore().insert(tasks);
        LeaseStore store = stores.leaseStore();
        ConcurrencyLimits both = new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(LIMITED, THREE_PER_MINUTE,
                OTHER, new RateLimit(2, Duration.ofSeconds(10))));
        ClaimRequest claim = new ClaimRequest("w", Set.of(LIMITED, OTHER), 20, Duration.ofMinutes(1), both);

        List<ClaimedTask> first = store.claim(claim);
        ClaimedTask retried = first.stream().filter(t -> t.taskType().equals(LIMITED)).findFirst().orElseThrow();
        store.complete("w", List.of(Completion.retry(retried.id(), retried.leaseToken(), "busy", 0)));
        jdbc.update("UPDATE system_async_task_start SET started_at = TIMESTAMPADD(SECOND, -11, started_at)"
                + " WHERE task_type = ?", OTHER);
        List<ClaimedTask> second = store.claim(claim);

        assertThat(typesOf(first)).filteredOn(LIMITED::equals).hasSize(3);
        assertThat(typesOf(first)).filteredOn(OTHER::equals).hasSize(2);
        assertThat(typesOf(second)).as("the other type's window moved on, this one's did not, retry or not")
                .containsExactly(OTHER, OTHER);
        assertThat(jdbc.queryForObject("SELECT attempt_count FROM system_async_task WHERE id = ?", Integer.class,
                retried.id())).as("the retried task waits for the window, its attempt spent once").isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT status FROM system_async_task WHERE id = ?", String.class, retried.id()))
                .isEqualTo("QUEUED");
    }

    private static ClaimRequest claim(int size, Map<String, Duration> holds) {
        return new ClaimRequest("w", Set.of(LIMITED, OTHER), size, Duration.ofMinutes(1), LIMITS, PauseCheck.NONE,
                holds::put);
    }

    private static List<String> typesOf(List<ClaimedTask> claimed) {
        return claimed.stream().map(ClaimedTask::taskType).toList();
    }
}
