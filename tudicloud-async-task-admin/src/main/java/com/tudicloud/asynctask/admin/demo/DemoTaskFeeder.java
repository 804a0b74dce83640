package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.worker.maintenance.MaintenanceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * Keeps demo tasks flowing while the application runs: the start-up batch at once, then a round
 * every feed interval.
 */
public class DemoTaskFeeder extends MaintenanceService {

    static final String THREAD_NAME = "async-task-demo-feeder";

    private static final Logger log = LoggerFactory.getLogger(DemoTaskFeeder.class);

    private final AsyncTaskClient client;
    private final DemoTaskMix mix;
    private boolean started;

    DemoTaskFeeder(AsyncTaskClient client, DemoTaskMix mix, Duration interval) {
        super(THREAD_NAME, Duration.ZERO, interval);
        this.client = client;
        this.mix = mix;
    }

    @Override
    protected void runRound() {
        if (!started) {
            started = true;
            log.info("Demo feeder started: a round of demo tasks every {}", nextRoundIn());
            submit(mix.startUpBatch());
            return;
        }
        submit(mix.nextRound());
    }

    private void submit(List<TaskRequest> requests) {
        if (requests.isEmpty()) {
            return;
        }
        try {
            client.submitAll(requests);
            log.debug("Demo feeder submitted {} tasks", requests.size());
        } catch (RuntimeException e) {
            log.warn("Demo feeder could not submit {} tasks; it tries again next round", requests.size(), e);
        }
    }
}
