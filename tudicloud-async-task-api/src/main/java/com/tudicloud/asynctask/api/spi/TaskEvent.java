package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Instant;

/**
 * One state change of a task. All instants are the database's. Most are recorded events; the claim and the
 * success of a task's current attempt may instead be told by the task row itself, which keeps that attempt's
 * worker, token and instants, when the event mode did not record them.
 *
 * @param id         the recorded event's id; 0 for an event told by the task row
 * @param attempt    the task's attempt count after the change (a released attempt is not counted)
 * @param leaseToken the token of the claim the change concerns: the events of one attempt share it
 * @param workerId   the worker that held (or holds) the lease of that attempt, if any
 * @param actor      who made the change when not the holder: the worker that recovered an expired lease,
 *                   the operator who cancelled or retried; null otherwise
 * @param status     the task's status after the change
 * @param delayMillis for {@link TaskEventType#RETRY_SCHEDULED}: how long until the task is due again
 * @param message    the error or reason the task row kept with the change
 * @param startedAt  when the attempt started, if one did
 * @param createdAt  when the change happened
 * @param fromTaskRow whether the task row tells this event rather than a recorded one
 */
public record TaskEvent(long id, long taskId, TaskEventType type, int attempt, long leaseToken, String workerId,
                        String actor, TaskStatus status, Long delayMillis, String message, Instant startedAt,
                        Instant createdAt, boolean fromTaskRow) {
}
