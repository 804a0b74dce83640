package com.tudicloud.asynctask.benchmark.peer.dbscheduler;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.jdbc.AutodetectJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.tudicloud.asynctask.benchmark.peer.PeerEngine;
import com.tudicloud.asynctask.benchmark.peer.PeerSettings;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.peer.PeerVersion;
import com.tudicloud.asynctask.benchmark.peer.SqlScript;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * db-scheduler as a service would build it for the drain: its one-time task {@value #TASK} that does
 * nothing but count its executions, N instances scheduled through its batch API, due now; one scheduler
 * of T threads per JVM, the engine workers' poll interval, the given polling strategy, and db-scheduler's
 * defaults for everything else (heartbeat, serializer, clock). Its table is db-scheduler's MySQL schema
 * ({@value #DDL}); it deletes a one-time task's row once the task ran.
 */
public final class DbSchedulerPeer implements PeerSystem {

    public static final String NAME = "db-scheduler";
    static final String TASK = "bench-noop";
    static final String TABLE = "scheduled_tasks";
    static final String DDL = "db/db-scheduler/mysql_tables.sql";
    /** Instances per call of the batch API (which writes them as JDBC batches of its own size). */
    private static final int BATCH = 1000;

    private final DbSchedulerPolling polling;

    public DbSchedulerPeer(DbSchedulerPolling polling) {
        this.polling = polling;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String variantKey() {
        return "polling";
    }

    @Override
    public String variant() {
        return polling.label();
    }

    @Override
    public String version() {
        return PeerVersion.of(Scheduler.class, "com.github.kagkarlsson", "db-scheduler");
    }

    @Override
    public List<String> engineThreads() {
        return List.of("db-scheduler-");
    }

    @Override
    public void createTables(JdbcTemplate jdbc) {
        jdbc.execute("DROP TABLE IF EXISTS " + TABLE);
        SqlScript.statements(DDL, List.of()).forEach(jdbc::execute);
    }

    @Override
    public void emptyTables(JdbcTemplate jdbc) {
        jdbc.execute("TRUNCATE TABLE " + TABLE);
    }

    @Override
    public void submit(DataSource dataSource, int count, String prefix) {
        OneTimeTask<Void> task = noop(new LongAdder());
        SchedulerClient client = SchedulerClient.Builder.create(dataSource, task).tableName(TABLE)
                .jdbcCustomization(new AutodetectJdbcCustomization(dataSource, DbSchedulerPolling.PERSIST_IN_UTC)).build();
        Instant now = Instant.now();
        for (int from = 0; from < count; from += BATCH) {
            List<TaskInstance<?>> batch = new ArrayList<>(BATCH);
            for (int i = from; i < Math.min(count, from + BATCH); i++) {
                batch.add(task.instance(prefix + i));
            }
            client.scheduleBatch(batch, now);
        }
    }

    @Override
    public boolean workLeft(JdbcTemplate jdbc) {
        return Boolean.TRUE.equals(jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM " + TABLE + ")", Boolean.class));
    }

    /** Nothing to remove: a one-time task's row is gone once it ran. */
    @Override
    public void removeFinished(JdbcTemplate jdbc) {
    }

    /** db-scheduler keeps no record of a task that ran: an empty table is all it can say. */
    @Override
    public boolean recordedOnce(JdbcTemplate jdbc, int tasks) {
        return !workLeft(jdbc);
    }

    @Override
    public PeerEngine engine(DataSource dataSource, PeerSettings settings, LongAdder executions) {
        Scheduler scheduler = polling.configure(Scheduler.create(dataSource, noop(executions))
                        .tableName(TABLE)
                        .threads(settings.threads())
                        .pollingInterval(settings.pollInterval())
                        .schedulerName(new SchedulerName.Fixed(settings.name()))
                        .shutdownMaxWait(Duration.ofSeconds(30)))
                .build();
        return new PeerEngine() {
            @Override
            public void start() {
                scheduler.start();
            }

            @Override
            public void stop() {
                scheduler.stop();
            }
        };
    }

    private static OneTimeTask<Void> noop(LongAdder executions) {
        return Tasks.oneTime(TASK).execute((instance, context) -> executions.increment());
    }
}
