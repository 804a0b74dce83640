package com.tudicloud.asynctask.mybatis;

/**
 * A WAITING task, locked by the transaction that counts it down.
 *
 * @param waitingOn            how many of its dependencies had not ended before this transaction
 * @param runIfDependencyFails whether it runs when a dependency fails (else it is cancelled)
 * @param batchId              the batch it is a child of, or null: a cancel may end the batch
 */
public record WaitingTask(long id, int waitingOn, boolean runIfDependencyFails, boolean hasDependents, Long batchId) {
}
