package com.tudicloud.asynctask.console.timeline;

import com.tudicloud.asynctask.api.spi.QueueSample;
import com.tudicloud.asynctask.api.spi.TaskAdminStore;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The queue's due and leased tasks over the last hour. The task table keeps no history of its queue, so
 * each instance that serves the console samples it every interval from its start (one query over the QUEUED,
 * RUNNING and CANCEL_REQUESTED rows) and keeps an hour of samples in memory: a restarted instance starts with
 * none, and two instances each have their own.
 */
public class QueueSamples extends MaintenanceService {

    private static final Logger log = LoggerFactory.getLogger(QueueSamples.class);
    private static final Duration KEPT = Duration.ofMinutes(FinishedMinutes.MAX_MINUTES);

    private final TaskAdminStore store;
    private final Duration interval;
    private final Deque<QueueSample> samples = new ArrayDeque<>();

    public QueueSamples(TaskAdminStore store, Duration interval) {
        super("async-task-queue-samples", Duration.ZERO, interval);
        this.store = store;
        this.interval = interval;
    }

    public Duration interval() {
        return interval;
    }

    /** Takes one sample; a failure leaves a gap and is tried again next interval. */
    @Override
    protected void runRound() {
        QueueSample sample;
        try {
            sample = store.queueSample();
        } catch (RuntimeException e) {
            log.debug("Could not sample the queue: {}", e.toString());
            return;
        }
        add(sample);
    }

    synchronized void add(QueueSample sample) {
        samples.addLast(sample);
        while (samples.peekFirst().at().isBefore(sample.at().minus(KEPT))) {
            samples.removeFirst();
        }
    }

    /** The samples taken after {@code since}, oldest first. */
    public synchronized List<QueueSample> since(Instant since) {
        return samples.stream().filter(sample -> sample.at().isAfter(since)).toList();
    }
}
