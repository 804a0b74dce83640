package com.tudicloud.asynctask.api;

import java.time.LocalDateTime;
import java.util.Map;

/**
 * A batch as read in one statement: its row and its children counted per status.
 *
 * @param children      per status, the children in it (statuses without children absent)
 * @param callbackTasks per end, the callback task inserted when the batch ended
 * @param callbackTypes per end, the task type of the callback the batch was given
 * @param createdAt     the database's time
 * @param finishedAt    when the batch ended, or {@code null}
 */
public record BatchView(long id, BatchState state, String ownerId, Map<TaskStatus, Long> children,
                        Map<BatchCallback, String> callbackTypes, Map<BatchCallback, Long> callbackTasks,
                        LocalDateTime createdAt, LocalDateTime finishedAt) {

    public BatchView {
        children = Map.copyOf(children);
        callbackTypes = Map.copyOf(callbackTypes);
        callbackTasks = Map.copyOf(callbackTasks);
    }

    public long total() {
        return children.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Children that can run no more. */
    public long finished() {
        return children.entrySet().stream().filter(e -> e.getKey().isTerminal()).mapToLong(Map.Entry::getValue).sum();
    }

    /** Finished children in percent of all, rounded down; 100 only once every child finished. */
    public int progressPercent() {
        long total = total();
        return total == 0 ? 0 : (int) (finished() * 100 / total);
    }
}
