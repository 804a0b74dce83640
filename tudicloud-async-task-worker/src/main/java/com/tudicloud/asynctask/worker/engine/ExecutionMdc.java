package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import org.slf4j.MDC;

/**
 * The task a slot thread runs, in the SLF4J MDC while it runs: its handler's log lines, and the worker's lines
 * about its outcome, carry the task's id, type and attempt. Removed once the outcome is handed over, so that the
 * thread's next task starts without them.
 */
final class ExecutionMdc {

    static final String TASK_ID = "asyncTaskId";
    static final String TASK_TYPE = "asyncTaskType";
    static final String ATTEMPT = "asyncTaskAttempt";

    private ExecutionMdc() {
    }

    static void put(ClaimedTask task) {
        MDC.put(TASK_ID, Long.toString(task.id()));
        MDC.put(TASK_TYPE, task.taskType());
        MDC.put(ATTEMPT, Integer.toString(task.attempt()));
    }

    static void clear() {
        MDC.remove(TASK_ID);
        MDC.remove(TASK_TYPE);
        MDC.remove(ATTEMPT);
    }
}
