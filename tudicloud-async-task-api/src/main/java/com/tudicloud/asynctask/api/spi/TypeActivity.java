package com.tudicloud.asynctask.api.spi;

/**
 * What the tasks of one type are doing now.
 *
 * @param waiting  QUEUED and SCHEDULED, due or not
 * @param due      waiting and due now
 * @param running  leased: RUNNING or CANCEL_REQUESTED
 * @param finished ended (SUCCESS, FAILED or CANCELLED) within the window asked for
 */
public record TypeActivity(String taskType, long waiting, long due, long running, long finished) {
}
