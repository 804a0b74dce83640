package com.tudicloud.asynctask.console.bulk;

import com.tudicloud.asynctask.api.spi.IdSpan;
import com.tudicloud.asynctask.api.spi.TaskFilter;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The bulk jobs of this instance (the admin application, or a service that embeds the console): one runs at a time, on a thread of its own, and the latest {@link #KEPT}
 * are kept in memory for their progress. A job's own records (start and end) are in the audit trail, which
 * outlives a restart; a job cut short by a stop of the application simply ends where it was, and a repeat of the
 * action takes what it left, since a task it changed no longer matches.
 */
@Component
public class BulkJobs implements DisposableBean {

    public static final int KEPT = 20;

    /** Another job of this instance is still running. */
    public static final class StillRunning extends RuntimeException {

        private final long runningId;

        StillRunning(long runningId) {
            super("bulk job " + runningId + " is still running");
            this.runningId = runningId;
        }

        public long runningId() {
            return runningId;
        }
    }

    private final ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "async-task-bulk");
        thread.setDaemon(true);
        return thread;
    });
    private final Deque<BulkJob> jobs = new ArrayDeque<>();
    private final Clock clock;
    private long lastId;

    public BulkJobs() {
        this(Clock.systemUTC());
    }

    BulkJobs(Clock clock) {
        this.clock = clock;
    }

    /**
     * Starts a job, unless one runs.
     *
     * @param span  the ids to walk; null when the table is empty
     * @param onEnd told the job once it has ended, whatever the end
     * @throws StillRunning while another job of this instance runs
     */
    public synchronized BulkJob start(String action, TaskFilter filter, String target, String user, String address,
                                      long matched, IdSpan span, int batchIds, BulkJob.RangeAction ranges,
                                      Consumer<BulkJob> onEnd) {
        BulkJob newest = jobs.peekFirst();
        if (newest != null && newest.progress().state() == BulkJob.State.RUNNING) {
            throw new StillRunning(newest.id());
        }
        BulkJob job = new BulkJob(++lastId, action, filter, target, user, address, matched, span, batchIds, clock);
        jobs.addFirst(job);
        while (jobs.size() > KEPT) {
            jobs.removeLast();
        }
        executor.execute(() -> {
            job.run(ranges);
            onEnd.accept(job);
        });
        return job;
    }

    public synchronized Optional<BulkJob> find(long id) {
        return jobs.stream().filter(job -> job.id() == id).findFirst();
    }

    /** Newest first. */
    public synchronized List<BulkJob> recent() {
        return List.copyOf(jobs);
    }

    /** A running job stops after its current range; the application waits for that at most a few seconds. */
    @Override
    public void destroy() throws InterruptedException {
        recent().forEach(BulkJob::stop);
        executor.shutdown();
        executor.awaitTermination(10, TimeUnit.SECONDS);
    }
}
