package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskResult;
import com.tudicloud.asynctask.api.spi.FleetSettings;
import com.tudicloud.asynctask.mybatis.MyBatisStores;
import com.tudicloud.asynctask.mybatis.testing.TaskRows;
import com.tudicloud.asynctask.mybatis.testing.TestDatabase;
import com.tudicloud.asynctask.worker.AsyncTaskProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A type paused while three workers drain its backlog: once the pause has committed and one poll interval
 * has passed, no worker claims it (the claim's own statements aside), tasks already running finish, the
 * other type goes on, submits are taken; after the resume the backlog drains.
 */
class PausedTypeFleetTest {

    private static final Duration POLL = Duration.ofMillis(300);
    /** The claim's own statements, from the read of the pauses to its UPDATE, on a busy machine. */
    private static final Duration CLAIM_STATEMENTS = Duration.ofMillis(500);
    private static final int BACKLOG = 2000;

    private final TestDatabase db = TestDatabase.get();
    private final TaskRows rows = new TaskRows(db.dataSource());
    private final FleetSettings fleet = MyBatisStores.create(db.dataSource()).fleetSettings();
    @RegisterExtension
    final TestWorkers workers = new TestWorkers(db);

    @Test
    void noWorkerClaimsAPausedTypeOnePollIntervalAfterThePauseAndTheResumeDrainsIt() {
        var paused = new RecordingHandler<>("bulk", Integer.class, (context, n) -> {
            Thread.sleep(10);
            return TaskResult.success();
        });
        var other = new RecordingHandler<>("mail", Integer.class, (context, n) -> TaskResult.success());
        Consumer<AsyncTaskProperties.Worker> settings = worker -> worker.setPollInterval(POLL);
        List<AsyncTaskWorker> fleetOfThree = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            fleetOfThree.add(workers.start("w" + i, settings, paused, other));
        }
        AsyncTaskClient client = workers.client(fleetOfThree.toArray(AsyncTaskWorker[]::new));
        client.submitAll(requests("bulk", BACKLOG));
        await().atMost(Duration.ofSeconds(60)).until(() -> count("task_type = 'bulk' AND status = 'SUCCESS'") >= 100);

        assertThat(fleet.pause("bulk", "alice")).isTrue();
        long submittedWhilePaused = client.submit(TaskRequest.of("bulk", -1)).taskId();
        client.submitAll(requests("mail", 200));
        await().atMost(Duration.ofSeconds(60)).until(() -> count("task_type = 'mail' AND status = 'SUCCESS'") == 200);
        // a backlog still waits, and several poll intervals have passed
        await().atMost(Duration.ofSeconds(30)).until(() -> count("task_type = 'bulk' AND status = 'RUNNING'") == 0);
        sleep(POLL.multipliedBy(4));

        long lateClaims = count("task_type = 'bulk' AND started_at > TIMESTAMPADD(MICROSECOND, "
                + POLL.plus(CLAIM_STATEMENTS).toNanos() / 1000
                + ", (SELECT paused_at FROM system_async_task_type WHERE task_type = 'bulk'))");
        assertThat(lateClaims).as("bulk tasks claimed after the pause plus one poll interval").isZero();
        long waiting = count("task_type = 'bulk' AND status IN ('QUEUED', 'SCHEDULED')");
        assertThat(waiting).as("the backlog the pause held back").isGreaterThan(BACKLOG / 4);
        assertThat(rows.status(submittedWhilePaused)).isEqualTo("QUEUED");
        assertThat(count("task_type = 'bulk' AND status NOT IN ('SUCCESS', 'QUEUED', 'SCHEDULED')"))
                .as("tasks running at the pause finished normally").isZero();
        assertThat(count("task_type = 'bulk' AND started_at > TIMESTAMPADD(MICROSECOND, -"
                + POLL.toNanos() / 1000 + ", (SELECT paused_at FROM system_async_task_type WHERE task_type = 'bulk'))"))
                .as("the race was real: claims of the type went on until shortly before the pause")
                .isPositive();

        assertThat(fleet.resume("bulk")).isTrue();
        await().atMost(Duration.ofSeconds(120)).until(() -> count("task_type = 'bulk' AND status = 'SUCCESS'") == BACKLOG + 1);
        assertThat(paused.overlaps).hasValue(0);
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
