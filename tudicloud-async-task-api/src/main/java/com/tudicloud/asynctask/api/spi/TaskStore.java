package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskLinks;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Submitting, reading and cancelling tasks: what the client needs. */
public interface TaskStore {

    /** Inserts the tasks (joining the caller's transaction); results in the order of {@code tasks}. */
    List<SubmittedTask> insert(List<NewTask> tasks);

    /**
     * Inserts a chain (joining the caller's transaction): each step waits for the one before it, the first for the
     * tasks it names; results in the order of the steps.
     */
    List<SubmittedTask> insertChain(List<NewTask> steps);

    /** The tasks {@code taskId} waits for and those that wait for it, at most {@code limit} of each, lowest id first. */
    TaskLinks links(long taskId, int limit);

    Optional<TaskView> findById(long taskId);

    List<TaskView> findByOwner(String ownerId, Collection<TaskStatus> statuses, int limit);

    /**
     * Cancels a waiting task, or asks the holder of a running one to stop.
     *
     * @param requestedBy who asked, which the task events name (an operator's user name); null for the
     *                    service's own code
     */
    CancelOutcome cancel(long taskId, String requestedBy);

    default CancelOutcome cancel(long taskId) {
        return cancel(taskId, null);
    }
}
