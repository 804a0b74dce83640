package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskPolicy;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A type's rate limit, declared by its handler's policy, across two workers: it becomes fleet state when they
 * start, no window of the period ever holds more starts than the limit, and a worker whose only due work waits
 * on the limit claims about once per window or poll interval, not in a loop. Counts, not timings: a slow machine
 * makes fewer claims, never more.
 */
class RateLimitedFleetTest {

    private static final int STARTS = 5;
    private static final Duration PERIOD = Duration.ofSeconds(2);
    private static final Duration POLL = Duration.ofSeconds(1);
    private static final int TASKS = 20;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void twoWorkersStartNoMoreThanTheLimitWithinAnyWindowAndWaitForTheWindowToFree() {
        AtomicInteger claims = new AtomicInteger();
        List<AsyncTaskWorker> fleet = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            fleet.add(workers.start("w" + i, settings -> settings.slots(10).pollInterval(POLL),
                    store -> counting(store, claims), List.of(mails())));
        }
        AsyncTaskClient client = workers.client(fleet.toArray(AsyncTaskWorker[]::new));
        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            requests.add(TaskRequest.of("mail", Map.of("to", "user" + i)));
        }
        long submittedAt = System.nanoTime();
        client.submitAll(requests);
        await().atMost(Duration.ofSeconds(60)).until(() -> rows.count("SUCCESS") == TASKS);
        long ranMillis = Duration.ofNanos(System.nanoTime() - submittedAt).toMillis();
        int claimed = claims.get();

        List<Long> starts = rows.jdbc().query("SELECT started_at FROM system_async_task ORDER BY started_at",
                (rs, n) -> rs.getTimestamp(1).getTime());
        System.out.println("RateLimitedFleetTest: " + TASKS + " tasks in " + ranMillis + " ms, " + claimed + " claims");

        assertThat(rows.jdbc().queryForMap("SELECT rate_limit, rate_period_ms FROM system_async_task_type "
                + "WHERE task_type = 'mail'")).as("the rate limit as fleet state")
                .containsEntry("rate_limit", STARTS).containsEntry("rate_period_ms", (int) PERIOD.toMillis());
        assertThat(busiestWindow(starts, PERIOD.toMillis())).as("starts within any window of the period")
                .isLessThanOrEqualTo(STARTS);
        assertThat(rows.jdbc().queryForObject("SELECT MAX(attempt_count) FROM system_async_task", Integer.class))
                .as("waiting spent no attempt").isEqualTo(1);
        // each worker claims when a window frees or a poll interval passed, and once per wake-up by the submit
        long bound = 2 * (ranMillis / POLL.toMillis() + 4);
        assertThat(claimed).as("claims of both workers in %d ms", ranMillis).isLessThanOrEqualTo((int) bound);
    }

    /** The most starts within any window (t - period, t]: the busiest window ends at a start. */
    private static int busiestWindow(List<Long> sortedStarts, long periodMillis) {
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

    private static RecordingHandler<Object> mails() {
        return new RecordingHandler<>("mail", Object.class, (context, payload) -> TaskResult.success()) {
            @Override
            public TaskPolicy policy() {
                return TaskPolicy.builder().rateLimit(STARTS, PERIOD).build();
            }
        };
    }

    private static LeaseStore counting(LeaseStore store, AtomicInteger claims) {
        return (LeaseStore) Proxy.newProxyInstance(LeaseStore.class.getClassLoader(), new Class<?>[] {LeaseStore.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("claim")) {
                        claims.incrementAndGet();
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
