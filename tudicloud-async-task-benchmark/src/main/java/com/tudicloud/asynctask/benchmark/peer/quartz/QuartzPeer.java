package com.tudicloud.asynctask.benchmark.peer.quartz;

import com.tudicloud.asynctask.benchmark.peer.PeerEngine;
import com.tudicloud.asynctask.benchmark.peer.PeerSettings;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.peer.PeerVersion;
import com.tudicloud.asynctask.benchmark.peer.SqlScript;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.DBConnectionManager;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Quartz with its clustered JDBC job store ({@link QuartzSettings}) on Quartz's own tables, created by the
 * MySQL InnoDB script in Quartz's jar ({@value #DDL}): one durable job {@value #JOB} whose class does
 * nothing but count its executions, and N one-shot simple triggers of it, due now, stored through
 * {@link Scheduler#scheduleJobs}. Quartz deletes a one-shot trigger (and its fired-trigger row) once its
 * job ran. The triggers ignore misfires: they were due when they were stored, which is long before the
 * drain starts, and a trigger past the misfire threshold (60 s) would otherwise go to Quartz's misfire
 * handler instead of its acquisition, as a queue's task would not.
 */
public final class QuartzPeer implements PeerSystem {

    public static final String NAME = "quartz";
    static final String DDL = "org/quartz/impl/jdbcjobstore/tables_mysql_innodb.sql";
    static final String JOB = "bench-noop";
    private static final String GROUP = "bench";
    /** Triggers stored per call (one transaction each). */
    private static final int BATCH = 1000;
    private static final Duration THREAD_END_TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> TABLES = List.of("QRTZ_FIRED_TRIGGERS", "QRTZ_SIMPLE_TRIGGERS", "QRTZ_TRIGGERS",
            "QRTZ_JOB_DETAILS", "QRTZ_SCHEDULER_STATE");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String variantKey() {
        return "store";
    }

    @Override
    public String variant() {
        return "jdbc-tx-clustered";
    }

    @Override
    public String version() {
        return PeerVersion.of(Scheduler.class, "org.quartz-scheduler", "quartz");
    }

    @Override
    public List<String> engineThreads() {
        // the thread pool and scheduler thread, then the cluster manager and misfire handler
        return List.of(QuartzSettings.SCHEDULER_NAME + "_", "QuartzScheduler_" + QuartzSettings.SCHEDULER_NAME);
    }

    @Override
    public void createTables(JdbcTemplate jdbc) {
        SqlScript.statements(DDL, List.of("commit")).forEach(jdbc::execute);
    }

    /** Every table but the lock rows, the scheduler state of earlier drains' nodes included. */
    @Override
    public void emptyTables(JdbcTemplate jdbc) {
        TABLES.forEach(table -> jdbc.update("DELETE FROM " + table));
    }

    @Override
    public void submit(DataSource dataSource, int count, String prefix) throws SchedulerException {
        Scheduler scheduler = scheduler(dataSource, new PeerSettings(prefix + "submitter", 1, Duration.ofSeconds(1)),
                new LongAdder());
        try {
            JobDetail job = JobBuilder.newJob(CountingJob.class).withIdentity(JOB, GROUP).storeDurably().build();
            Date now = new Date();
            for (int from = 0; from < count; from += BATCH) {
                Set<Trigger> triggers = new HashSet<>();
                for (int i = from; i < Math.min(count, from + BATCH); i++) {
                    triggers.add(TriggerBuilder.newTrigger().withIdentity(prefix + i, GROUP).forJob(job).startAt(now)
                            .withSchedule(SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionIgnoreMisfires())
                            .build());
                }
                scheduler.scheduleJobs(Map.of(job, triggers), true);
            }
        } finally {
            scheduler.shutdown();
        }
    }

    @Override
    public boolean workLeft(JdbcTemplate jdbc) {
        return Boolean.TRUE.equals(jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM QRTZ_TRIGGERS)", Boolean.class));
    }

    /** Nothing to remove: a one-shot trigger is deleted once its job ran; the durable job stays for the next. */
    @Override
    public void removeFinished(JdbcTemplate jdbc) {
    }

    /** No trigger left, and no fired trigger (a job that started and did not complete). */
    @Override
    public boolean recordedOnce(JdbcTemplate jdbc, int tasks) {
        return !workLeft(jdbc) && Boolean.FALSE.equals(
                jdbc.queryForObject("SELECT EXISTS (SELECT 1 FROM QRTZ_FIRED_TRIGGERS)", Boolean.class));
    }

    @Override
    public PeerEngine engine(DataSource dataSource, PeerSettings settings, LongAdder executions) throws SchedulerException {
        Scheduler scheduler = scheduler(dataSource, settings, executions);
        return new PeerEngine() {
            @Override
            public void start() throws SchedulerException {
                scheduler.start();
            }

            /**
             * Shutdown waits for the jobs, not for the cluster manager and misfire handler, which may still
             * be in a round: this waits for them too, so that nothing runs while the statements are counted.
             */
            @Override
            public void stop() throws SchedulerException, InterruptedException {
                scheduler.shutdown(true);
                for (Thread thread : Thread.getAllStackTraces().keySet()) {
                    if (engineThreads().stream().anyMatch(thread.getName()::startsWith)) {
                        thread.join(THREAD_END_TIMEOUT.toMillis());
                    }
                }
            }
        };
    }

    /** A node on {@code dataSource}, not started, whose jobs count their executions in {@code executions}. */
    private static Scheduler scheduler(DataSource dataSource, PeerSettings settings, LongAdder executions)
            throws SchedulerException {
        DBConnectionManager.getInstance().addConnectionProvider(QuartzSettings.DATA_SOURCE,
                new PoolConnectionProvider(dataSource));
        Scheduler scheduler = new StdSchedulerFactory(QuartzSettings.of(settings)).getScheduler();
        CountingJob job = new CountingJob(executions);
        scheduler.setJobFactory((bundle, owner) -> job);
        return scheduler;
    }

    /** The no-op job: counts its executions (the node's job factory hands out this one instance). */
    static final class CountingJob implements Job {

        private final LongAdder executions;

        CountingJob(LongAdder executions) {
            this.executions = executions;
        }

        @Override
        public void execute(JobExecutionContext context) {
            executions.increment();
        }
    }
}
