package com.tudicloud.asynctask.benchmark.peer.jobrunr;

import com.tudicloud.asynctask.benchmark.peer.PeerEngine;
import com.tudicloud.asynctask.benchmark.peer.PeerSettings;
import com.tudicloud.asynctask.benchmark.peer.PeerSystem;
import com.tudicloud.asynctask.benchmark.peer.PeerVersion;
import org.jobrunr.jobs.mappers.JobMapper;
import org.jobrunr.scheduling.JobBuilder;
import org.jobrunr.scheduling.JobRequestScheduler;
import org.jobrunr.server.BackgroundJobServer;
import org.jobrunr.server.BackgroundJobServerConfiguration;
import org.jobrunr.server.JobActivator;
import org.jobrunr.storage.StorageProvider;
import org.jobrunr.storage.StorageProviderUtils.DatabaseOptions;
import org.jobrunr.storage.sql.mariadb.MariaDbStorageProvider;
import org.jobrunr.utils.mapper.JsonMapper;
import org.jobrunr.utils.mapper.jackson3.Jackson3JsonMapper;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;

/**
 * JobRunr OSS on its MariaDB storage provider, which creates and migrates its own tables; its JSON through
 * Jackson 3 ({@code Jackson3JsonMapper}). N jobs of {@link NoopJobRequest}, enqueued through
 * {@link JobRequestScheduler#create} (which saves them in batches); one background job server of T workers
 * per JVM. Its poll interval is the smallest JobRunr accepts, {@value #POLL_SECONDS} s (it refuses less on a
 * database): a server fetches enqueued jobs when it starts, after 1 s, and again whenever a worker frees up,
 * so the interval matters only to an idle server. JobRunr's defaults for the rest. JobRunr keeps a job that
 * succeeded (for 36 hours by default), so its tables say whether each job ran to its end once.
 */
public final class JobRunrPeer implements PeerSystem {

    public static final String NAME = "jobrunr";
    private static final int POLL_SECONDS = 5;
    private static final String JOBS = "jobrunr_jobs";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String variantKey() {
        return "storage";
    }

    @Override
    public String variant() {
        return "mariadb-skip-locked";
    }

    @Override
    public String version() {
        return PeerVersion.of(BackgroundJobServer.class, "org.jobrunr", "jobrunr");
    }

    @Override
    public List<String> engineThreads() {
        return List.of("backgroundjob-");
    }

    /** JobRunr's tables, dropped, then created by its storage provider's migrations. */
    @Override
    public void createTables(JdbcTemplate jdbc) {
        jdbc.execute("DROP VIEW IF EXISTS jobrunr_jobs_stats");
        jdbc.execute("DROP TABLE IF EXISTS jobrunr_jobs, jobrunr_recurring_jobs, jobrunr_backgroundjobservers, "
                + "jobrunr_metadata, jobrunr_job_counters, jobrunr_migrations");
        storageProvider(jdbc.getDataSource(), DatabaseOptions.CREATE).close();
    }

    @Override
    public void emptyTables(JdbcTemplate jdbc) {
        jdbc.execute("TRUNCATE TABLE " + JOBS);
        jdbc.update("DELETE FROM jobrunr_backgroundjobservers");
    }

    @Override
    public void submit(DataSource dataSource, int count, String prefix) {
        StorageProvider storage = storageProvider(dataSource, DatabaseOptions.SKIP_CREATE);
        try {
            new JobRequestScheduler(storage).create(IntStream.range(0, count)
                    .mapToObj(i -> JobBuilder.aJob().withName(prefix + i).withJobRequest(new NoopJobRequest())));
        } finally {
            storage.close();
        }
    }

    @Override
    public boolean workLeft(JdbcTemplate jdbc) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM " + JOBS + " WHERE state <> 'SUCCEEDED')", Boolean.class));
    }

    @Override
    public void removeFinished(JdbcTemplate jdbc) {
        jdbc.update("DELETE FROM " + JOBS + " WHERE state = 'SUCCEEDED'");
    }

    /** Every job of the drain SUCCEEDED, and no other job is there. */
    @Override
    public boolean recordedOnce(JdbcTemplate jdbc, int tasks) {
        Integer succeeded = jdbc.queryForObject("SELECT COUNT(*) FROM " + JOBS + " WHERE state = 'SUCCEEDED'", Integer.class);
        Integer all = jdbc.queryForObject("SELECT COUNT(*) FROM " + JOBS, Integer.class);
        return succeeded != null && succeeded == tasks && all != null && all == tasks;
    }

    @Override
    public PeerEngine engine(DataSource dataSource, PeerSettings settings, LongAdder executions) {
        StorageProvider storage = storageProvider(dataSource, DatabaseOptions.SKIP_CREATE);
        NoopJobRequest.Handler handler = new NoopJobRequest.Handler(executions);
        JobActivator activator = new JobActivator() {
            @Override
            public <T> T activateJob(Class<T> type) {
                return type.isInstance(handler) ? type.cast(handler) : null;
            }
        };
        BackgroundJobServer server = new BackgroundJobServer(storage, jsonMapper(), activator,
                BackgroundJobServerConfiguration.usingStandardBackgroundJobServerConfiguration()
                        .andName(settings.name())
                        .andWorkerCount(settings.threads())
                        .andPollInterval(Duration.ofSeconds(POLL_SECONDS)));
        return new PeerEngine() {
            @Override
            public void start() {
                server.start();
            }

            @Override
            public void stop() {
                server.stop();
                storage.close();
            }
        };
    }

    private static JsonMapper jsonMapper() {
        return new Jackson3JsonMapper();
    }

    private static StorageProvider storageProvider(DataSource pool, DatabaseOptions options) {
        MariaDbIdentity identity = new MariaDbIdentity(pool);
        MariaDbStorageProvider storage = new MariaDbStorageProvider(identity, options);
        identity.done();
        storage.setJobMapper(new JobMapper(jsonMapper()));
        return storage;
    }
}
