package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.NewTask;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Ends the batches a transaction's writes may have ended, inside that transaction, which the caller holds: for
 * each batch, one locking look for a child that can still run (it waits for another transaction's uncommitted
 * end of a child rather than miss it); when there is none, the guarded UPDATE of the batch row, which one
 * transaction alone wins; the winner inserts the callbacks of the batch's end and records their ids. A write of
 * tasks outside any batch never gets here. Statements per batch: 1 while children still run, 5 to 6 to end it.
 */
final class BatchFinisher {

    private final SystemAsyncTaskBatchMapper mapper;
    private final TaskInserts tasks;

    BatchFinisher(SystemAsyncTaskBatchMapper mapper, TaskInserts tasks) {
        this.mapper = mapper;
        this.tasks = tasks;
    }

    /** @param batchIds the batches of the children just written (nulls ignored), in the caller's transaction */
    List<FinishedBatch> finishEnded(Collection<Long> batchIds) {
        List<FinishedBatch> finished = new ArrayList<>();
        batchIds.stream().filter(Objects::nonNull).distinct().sorted()
                .forEach(batchId -> finishIfEnded(batchId).ifPresent(finished::add));
        return finished;
    }

    Optional<FinishedBatch> finishIfEnded(long batchId) {
        if (mapper.lockUnfinishedChild(batchId) != null || mapper.finishBatch(batchId) == 0) {
            return Optional.empty();
        }
        BatchRow batch = mapper.selectForCallbacks(batchId);
        Map<BatchCallback, Long> inserted = insertCallbacks(batch);
        if (!inserted.isEmpty()) {
            mapper.recordCallbacks(batchId, inserted.get(BatchCallback.SUCCESS), inserted.get(BatchCallback.FAILURE),
                    inserted.get(BatchCallback.COMPLETE));
        }
        return Optional.of(new FinishedBatch(batchId, batch.getState(), inserted.size()));
    }

    private Map<BatchCallback, Long> insertCallbacks(BatchRow batch) {
        BatchState end = batch.getState();
        List<BatchCallback> firing = new ArrayList<>();
        List<NewTask> callbacks = new ArrayList<>();
        for (BatchCallback on : BatchCallback.values()) {
            NewTask callback = batch.callback(on);
            if (callback != null && on.firesOn(end)) {
                firing.add(on);
                callbacks.add(callback);
            }
        }
        Map<BatchCallback, Long> ids = new EnumMap<>(BatchCallback.class);
        if (callbacks.isEmpty()) {
            return ids;
        }
        List<SubmittedTask> submitted = tasks.insert(callbacks);
        for (int i = 0; i < firing.size(); i++) {
            ids.put(firing.get(i), submitted.get(i).taskId());
        }
        return ids;
    }
}
