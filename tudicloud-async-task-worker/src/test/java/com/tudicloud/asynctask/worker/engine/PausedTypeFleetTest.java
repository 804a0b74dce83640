package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.api.spi.LeaseStore;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.testing.TaskRows;
import com.tudicloud.asynctask.testing.TestDatabase;
import com.tudicloud.asynctask.worker.WorkerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A type paused while three workers drain its backlog: no claim that begins one poll interval after the
 * pause has committed takes it (every claim is recorded with its start on the JVM's monotonic clock, the
 * clock the workers time their reads of the pauses by), tasks already running finish, the other type goes
 * on, submits are taken; after the resume the backlog drains.
 */
class PausedTypeFleetTest {

    private static final Duration POLL = Duration.ofMillis(300);
    private static final int BACKLOG = 2000;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final FleetSettings fleet = MyBatisStores.create(db.dataSource()).fleetSettings();
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);
    private final Queue<Claim> claims = new ConcurrentLinkedQueue<>();

    /** One claim a worker made: when it began (System.nanoTime) and the bulk tasks it took. */
    private record Claim(String worker, long begunAt, long bulkTaken) {
    }

    @Test
    void noWorkerClaimsAPausedTypeOnePollIntervalAfterThePauseAndTheResumeDrainsIt() {
        var paused = new RecordingHandler<>("bulk", Integer.class, (context, n) -> {
            Thread.sleep(10);
            return TaskResult.success();
        });
        var other = new RecordingHandler<>("mail", Integer.class, (context, n) -> TaskResult.success());
        Consumer<WorkerConfig.Builder> settings = worker -> worker.pollInterval(POLL);
        List<AsyncTaskWorker> fleetOfThree = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            String worker = "w" + i;
            fleetOfThree.add(workers.start(worker, settings, store -> recordingClaims(worker, store), List.of(paused, other)));
        }
        AsyncTaskClient client = workers.client(fleetOfThree.toArray(AsyncTaskWorker[]::new));
        client.submitAll(requests("bulk", BACKLOG));
        await().atMost(Duration.ofSeconds(60)).until(() -> count("task_type = 'bulk' AND status = 'SUCCESS'") >= 100);

        long pauseBegun = System.nanoTime();
        assertThat(fleet.pause("bulk", "alice")).isTrue();
        long pauseCommitted = System.nanoTime();
        long submittedWhilePaused = client.submit(TaskRequest.of("bulk", -1)).taskId();
        client.submitAll(requests("mail", 200));
        await().atMost(Duration.ofSeconds(60)).until(() -> count("task_type = 'mail' AND status = 'SUCCESS'") == 200);
        // a backlog still waits, and several poll intervals have passed
        await().atMost(Duration.ofSeconds(30)).until(() -> count("task_type = 'bulk' AND status = 'RUNNING'") == 0);
        sleep(POLL.multipliedBy(4));

        long bindsFrom = pauseCommitted + POLL.toNanos();
        List<Claim> late = claims.stream().filter(claim -> claim.begunAt() > bindsFrom && claim.bulkTaken() > 0).toList();
        assertThat(late).as("claims begun one poll interval after the pause that took bulk tasks").isEmpty();
        Claim lastBeforePause = claims.stream().filter(claim -> claim.begunAt() < pauseBegun)
                .max(Comparator.comparingLong(Claim::begunAt)).orElseThrow();
        assertThat(lastBeforePause.bulkTaken()).as("the race was real: the last claim before the pause took bulk tasks")
                .isPositive();
        long waiting = count("task_type = 'bulk' AND status IN ('QUEUED', 'SCHEDULED')");
        assertThat(waiting).as("the backlog the pause held back").isGreaterThan(BACKLOG / 4);
        assertThat(rows.status(submittedWhilePaused)).isEqualTo("QUEUED");
        assertThat(count("task_type = 'bulk' AND status NOT IN ('SUCCESS', 'QUEUED', 'SCHEDULED')"))
                .as("tasks running at the pause finished normally").isZero();
        assertThat(fleet.resume("bulk")).isTrue();
        await().atMost(Duration.ofSeconds(120)).until(() -> count("task_type = 'bulk' AND status = 'SUCCESS'") == BACKLOG + 1);
        assertThat(paused.overlaps).hasValue(0);
    }

    /** The worker's store, every claim it makes recorded (the other calls pass through). */
    private LeaseStore recordingClaims(String worker, LeaseStore store) {
        return (LeaseStore) Proxy.newProxyInstance(LeaseStore.class.getClassLoader(), new Class<?>[] {LeaseStore.class},
                (proxy, method, args) -> {
                    long begunAt = System.nanoTime();
                    Object result;
                    try {
                        result = method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("claim")) {
                        @SuppressWarnings("unchecked")
                        List<ClaimedTask> claimed = (List<ClaimedTask>) result;
                        claims.add(new Claim(worker, begunAt,
                                claimed.stream().filter(task -> task.taskType().equals("bulk")).count()));
                    }
                    return result;
                });
    }

    private static List<TaskRequest> requests(String type, int count) {
        List<TaskRequest> requests = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            requests.add(TaskRequest.of(type, i));
        }
        return requests;
    }

    private long count(String where) {
        return rows.jdbc().queryForObject("SELECT COUNT(*) FROM system_async_task WHERE " + where, Long.class);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
