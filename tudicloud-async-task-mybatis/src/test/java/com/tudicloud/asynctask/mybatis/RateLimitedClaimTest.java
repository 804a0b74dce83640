package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.ClaimRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.ConcurrencyLimits;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PauseCheck;
import com.tudicloud.asynctask.api.spi.RateHolds;
import com.tudicloud.asynctask.api.spi.RateLimit;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rate limit under real contention: threads with a connection pool each, as separate workers have, claim a
 * rate-limited type and a type without limits for about ten seconds, with more of the rate-limited tasks than the
 * limit lets start in that time. Every window of the period, wherever it begins, holds at most the limit's starts,
 * read from the tasks' own started_at; the tasks still waiting spent no attempt.
 */
class RateLimitedClaimTest {

    private static final String LIMITED = "rated.mail";
    private static final String OTHER = "rated.other";
    private static final RateLimit TWENTY_PER_TWO_SECONDS = new RateLimit(20, Duration.ofSeconds(2));
    private static final ConcurrencyLimits LIMITS =
            new ConcurrencyLimits(0, Map.of(), Map.of(), Map.of(LIMITED, TWENTY_PER_TWO_SECONDS));
    private static final Duration LEASE = Duration.ofMinutes(1);
    private static final long RUN_MILLIS = 10_000;
    private static final int CLAIMERS = 4;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final List<HikariDataSource> pools = new ArrayList<>();
    private final List<Duration> holds = Collections.synchronizedList(new ArrayList<>());
    private ExecutorService threads;

    @BeforeEach
    void setUp() {
        db.deleteAllTasks();
        threads = Executors.newFixedThreadPool(CLAIMERS);
    }

    @AfterEach
    void tearDown() {
        threads.shutdownNow();
        pools.forEach(HikariDataSource::close);
    }

    @Test
    void racingClaimersNeverStartMoreThanTheLimitWithinAnyWindow() throws Exception {
        List<NewTask> tasks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.add(new NewTask(LIMITED, "{}", 0, 0, 3, null, null));
        }
        for (int i = 0; i < 300; i++) {
            tasks.add(new NewTask(OTHER, "{}", 0, 0, 3, null, null));
        }
        MyBatisStores.create(db.dataSource()).taskStore().insert(tasks);

        List<Callable<Integer>> claimers = new ArrayList<>();
        for (int t = 0; t < CLAIMERS; t++) {
            String worker = "w" + t;
            LeaseStore store = storeWithOwnPool();
            claimers.add(() -> claimUntil(store, worker, System.currentTimeMillis() + RUN_MILLIS));
        }
        long startedAt = System.currentTimeMillis();
        int claimed = 0;
        for (Future<Integer> result : threads.invokeAll(claimers)) {
            claimed += result.get();
        }
        long ranMillis = System.currentTimeMillis() - startedAt;

        List<Long> starts = startMillis("SELECT started_at FROM system_async_task WHERE task_type = ? "
                + "AND started_at IS NOT NULL ORDER BY started_at");
        long periodMillis = TWENTY_PER_TWO_SECONDS.period().toMillis();
        System.out.println("RateLimitedClaimTest: " + starts.size() + " starts of " + LIMITED + " in " + ranMillis
                + " ms, " + holds.size() + " holds, busiest window " + busiestWindow(starts, periodMillis));

        assertThat(busiestWindow(starts, periodMillis)).as("starts within any window of the period")
                .isLessThanOrEqualTo(TWENTY_PER_TWO_SECONDS.starts());
        assertThat(busiestWindow(startMillis("SELECT started_at FROM system_async_task_start WHERE task_type = ? "
                + "ORDER BY started_at"), periodMillis)).isLessThanOrEqualTo(TWENTY_PER_TWO_SECONDS.starts());
        assertThat((double) starts.size()).as("the limit was what held the tasks back, not the claimers")
                .isGreaterThanOrEqualTo(0.6 * TWENTY_PER_TWO_SECONDS.starts() * (RUN_MILLIS / periodMillis));
        assertThat(count(LIMITED, "QUEUED")).as("more waited than the limit let start").isPositive();
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? "
                + "AND status = 'QUEUED' AND attempt_count = 0 AND started_at IS NULL", Long.class, LIMITED))
                .as("a waiting task spent no attempt").isEqualTo(count(LIMITED, "QUEUED"));
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? "
                + "AND status = 'SUCCESS' AND attempt_count = 1", Long.class, LIMITED)).isEqualTo(starts.size());
        assertThat(count(LIMITED, "FAILED")).isZero();
        assertThat(count(OTHER, "SUCCESS")).as("the type without a limit ran all its tasks").isEqualTo(300);
        assertThat(claimed).isEqualTo(300 + starts.size());
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_start WHERE task_type <> ?",
                Long.class, LIMITED)).as("only rate-limited types record their starts").isZero();
        assertThat(rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task_start s JOIN system_async_task t "
                + "ON t.id = s.task_id AND t.started_at = s.started_at", Long.class))
                .as("each recorded start is its task's").isEqualTo(rows.jdbc().queryForObject(
                        "SELECT COUNT(*) FROM system_async_task_start", Long.class));
        assertThat(holds).as("claimers were told when the window frees").isNotEmpty()
                .allSatisfy(freesIn -> assertThat(freesIn).isBetween(Duration.ZERO, TWENTY_PER_TWO_SECONDS.period()));
    }

    /** Claims both types and completes each batch at once; after a claim that found nothing, waits a little. */
    private int claimUntil(LeaseStore store, String worker, long endMillis) throws InterruptedException {
        int claimedHere = 0;
        RateHolds told = (type, freesIn) -> holds.add(freesIn);
        while (System.currentTimeMillis() < endMillis) {
            List<ClaimedTask> batch = store.claim(new ClaimRequest(worker, Set.of(LIMITED, OTHER), 5, LEASE, LIMITS,
                    PauseCheck.NONE, told));
            if (batch.isEmpty()) {
                Thread.sleep(20);
                continue;
            }
            store.complete(worker, batch.stream().map(t -> Completion.succeeded(t.id(), t.leaseToken(), null)).toList());
            claimedHere += batch.size();
        }
        return claimedHere;
    }

    /** The most starts within any window (t - period, t]: the busiest window ends at a start, so only those are tried. */
    static int busiestWindow(List<Long> sortedStarts, long periodMillis) {
        int busiest = 0;
        int first = 0;
        for (int last = 0; last < sortedStarts.size(); last++) {
            while (sortedStarts.get(first) <= sortedStarts.get(last) - periodMillis) {
                first++;
            }
            busiest = Math.max(busiest, last - first + 1);
        }
        return busiest;
    }

    private List<Long> startMillis(String sql) {
        return rows.jdbc().query(sql, (rs, n) -> rs.getTimestamp(1).getTime(), LIMITED);
    }

    private long count(String type, String status) {
        return rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE task_type = ? AND status = ?",
                Long.class, type, status);
    }

    private LeaseStore storeWithOwnPool() {
        HikariDataSource pool = db.newDataSource(2);
        pools.add(pool);
        return MyBatisStores.create(pool).leaseStore();
    }
}
