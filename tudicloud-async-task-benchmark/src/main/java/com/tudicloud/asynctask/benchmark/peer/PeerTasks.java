package com.tudicloud.asynctask.benchmark.peer;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.jdbc.AutodetectJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;

import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The peer's side of a drain: db-scheduler's one-time task {@value #NAME} that does nothing but count
 * its executions, and N instances of it scheduled through db-scheduler's own batch API, due now.
 */
public final class PeerTasks {

    public static final String NAME = "bench-noop";
    public static final String TABLE = "scheduled_tasks";
    /** Instances per call of the batch API (which writes them as JDBC batches of its own size). */
    private static final int BATCH = 1000;

    private PeerTasks() {
    }

    /** The task, counting each execution in {@code executions}. */
    public static OneTimeTask<Void> noop(LongAdder executions) {
        return Tasks.oneTime(NAME).execute((instance, context) -> executions.increment());
    }

    /**
     * Waits until db-scheduler's table is empty (it deletes a one-time task's row once the task ran);
     * false if the time ran out first. Each look reads at most one row.
     */
    public static boolean awaitEmpty(DataSource dataSource, Duration timeout, Duration pollEvery)
            throws InterruptedException {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (Boolean.TRUE.equals(jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM " + TABLE + ")", Boolean.class))) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(pollEvery.toMillis());
        }
        return true;
    }

    /** Schedules {@code count} instances named {@code prefix0, prefix1, ...}, due now. */
    public static void schedule(DataSource dataSource, int count, String prefix) {
        OneTimeTask<Void> task = noop(new LongAdder());
        SchedulerClient client = SchedulerClient.Builder.create(dataSource, task).tableName(TABLE)
                .jdbcCustomization(new AutodetectJdbcCustomization(dataSource, PeerPolling.PERSIST_IN_UTC)).build();
        Instant now = Instant.now();
        for (int from = 0; from < count; from += BATCH) {
            List<TaskInstance<?>> batch = new ArrayList<>(BATCH);
            for (int i = from; i < Math.min(count, from + BATCH); i++) {
                batch.add(task.instance(prefix + i));
            }
            client.scheduleBatch(batch, now);
        }
    }
}
