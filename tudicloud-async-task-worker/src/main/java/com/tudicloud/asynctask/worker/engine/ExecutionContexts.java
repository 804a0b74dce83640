package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.client.NewTaskConverter;
import com.tudicloud.asynctask.client.TaskTypeDefaults;

/** Makes the context each claimed task's handler sees, with what its progress and its children are fitted by. */
final class ExecutionContexts {

    private final StorableValues values;
    private final NewTaskConverter converter;
    private final TaskTypeDefaults defaults;

    /** @param defaults what a child that names no priority, max attempts or key gets, as a submit does */
    ExecutionContexts(StorableValues values, NewTaskConverter converter, TaskTypeDefaults defaults) {
        this.values = values;
        this.converter = converter;
        this.defaults = defaults;
    }

    TaskExecutionContext forTask(ClaimedTask task) {
        return new TaskExecutionContext(task, values, new SubmittedChildren(task, converter, defaults));
    }
}
