package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.spi.TaskEvent;
import com.tudicloud.asynctask.api.spi.TaskEventType;

import java.util.Comparator;
import java.util.List;

/**
 * Puts a task's events in the order they happened: by instant, then by recorded id. The claim the task row
 * tells happened at its attempt's start, which may share its millisecond with the end of the attempt before and
 * with a change of its own attempt: at one instant it comes after the events of other tokens and before those
 * of its own. The success the row tells ends the task, so nothing comes after it.
 */
final class TaskHistoryOrder {

    private TaskHistoryOrder() {
    }

    /** The latest {@code limit} of these events, oldest first. */
    static List<TaskEvent> latest(List<TaskEvent> events, int limit) {
        Long claimToken = events.stream()
                .filter(event -> event.fromTaskRow() && event.type() == TaskEventType.CLAIMED)
                .map(TaskEvent::leaseToken).findFirst().orElse(null);
        List<TaskEvent> ordered = events.stream()
                .sorted(Comparator.comparing(TaskEvent::createdAt)
                        .thenComparingInt(event -> rankAtOneInstant(event, claimToken))
                        .thenComparingLong(TaskEvent::id))
                .toList();
        return ordered.subList(Math.max(0, ordered.size() - limit), ordered.size());
    }

    private static int rankAtOneInstant(TaskEvent event, Long claimToken) {
        if (event.fromTaskRow()) {
            return event.type() == TaskEventType.CLAIMED ? 1 : 3;
        }
        return claimToken != null && event.leaseToken() == claimToken ? 2 : 0;
    }
}
