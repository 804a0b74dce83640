package com.tudicloud.asynctask.worker.engine;

import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.spi.ClaimedTask;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.client.NewTaskConverter;
import com.tudicloud.asynctask.client.TaskTypeDefaults;

import java.util.ArrayList;
import java.util.List;

/**
 * The children one execution's handler submitted, converted and checked at once (so that a bad child fails the
 * handler's call, not the outcome's write), held until the outcome is decided. Each joins its parent's trace.
 * A handler may submit from threads of its own, hence the lock; one that submits after the outcome is decided
 * is refused rather than lost without a word.
 */
final class SubmittedChildren {

    private final ClaimedTask parent;
    private final NewTaskConverter converter;
    private final TaskTypeDefaults defaults;
    private final List<NewTask> children = new ArrayList<>();
    private boolean closed;

    SubmittedChildren(ClaimedTask parent, NewTaskConverter converter, TaskTypeDefaults defaults) {
        this.parent = parent;
        this.converter = converter;
        this.defaults = defaults;
    }

    synchronized void add(TaskRequest child) {
        if (child == null) {
            throw new IllegalArgumentException("a child task must not be null");
        }
        if (child.dedupKey() != null) {
            throw new IllegalArgumentException("a child of a running task must not have a dedup key: it is inserted "
                    + "once, with its parent's success");
        }
        if (closed) {
            throw new IllegalStateException("task " + parent.id() + " has ended: its outcome is decided, and a "
                    + "child submitted now would never be inserted");
        }
        if (children.size() >= TaskContext.MAX_CHILDREN) {
            throw new IllegalStateException("task " + parent.id() + " submitted " + TaskContext.MAX_CHILDREN
                    + " children already, the most one execution submits");
        }
        children.add(converter.toNewTask(child, defaults, parent.traceParent()));
    }

    /** The children submitted; any later submit is refused. */
    synchronized List<NewTask> close() {
        closed = true;
        return List.copyOf(children);
    }
}
