package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.BatchState;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.FinishedBatch;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.TaskEventType;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Batches on MyBatis. Submit: one transaction of 1 INSERT for the batch row and 1 multi-row INSERT per
 * {@value TaskInserts#INSERT_CHUNK} children. Growing: 2 locking reads (the adding child, the batch's state) and
 * the INSERTs, in one transaction. Cancel, repair: one short READ COMMITTED transaction each.
 */
final class MyBatisBatchStore implements BatchStore {

    /** Ids per cancelling UPDATE, as for inserts. */
    private static final int CANCEL_CHUNK = TaskInserts.INSERT_CHUNK;

    private final SystemAsyncTaskBatchMapper mapper;
    private final TaskInserts inserts;
    private final BatchFinisher finisher;
    private final TaskEnds ends;
    private final TransactionTemplate joinCaller;
    private final TransactionTemplate readCommitted;
    private final TransientLockRetry retry;
    private final TaskEventLog events;

    MyBatisBatchStore(SystemAsyncTaskBatchMapper mapper, TaskInserts inserts, BatchFinisher finisher, TaskEnds ends,
                      TransactionTemplate joinCaller, TransactionTemplate readCommitted, TransientLockRetry retry,
                      TaskEventLog events) {
        this.mapper = mapper;
        this.inserts = inserts;
        this.finisher = finisher;
        this.ends = ends;
        this.joinCaller = joinCaller;
        this.readCommitted = readCommitted;
        this.retry = retry;
        this.events = events;
    }

    @Override
    public SubmittedBatch insert(NewBatch batch) {
        if (batch.children().isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one child");
        }
        return joinCaller.execute(status -> {
            InsertableBatch row = new InsertableBatch(batch);
            mapper.insertBatch(row);
            return new SubmittedBatch(row.getId(), inserts.insertChildren(row.getId(), batch.children()));
        });
    }

    @Override
    public List<SubmittedTask> addChildren(long batchId, long addingTaskId, List<NewTask> children) {
        if (children.isEmpty()) {
            throw new IllegalArgumentException("no children to add");
        }
        return retry.call("add to batch", () -> readCommitted.execute(status -> {
            if (mapper.lockRunningChild(batchId, addingTaskId) == null) {
                throw new IllegalStateException("task " + addingTaskId + " is not a RUNNING child of batch " + batchId);
            }
            BatchState state = mapper.lockState(batchId);
            if (state != BatchState.OPEN) {
                throw new IllegalStateException("batch " + batchId + " is " + state + ", not OPEN: it takes no children");
            }
            return inserts.insertChildren(batchId, children);
        }));
    }

    @Override
    public Optional<BatchView> find(long batchId) {
        List<BatchRow> rows = mapper.selectWithCounts(batchId);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Map<TaskStatus, Long> counts = new EnumMap<>(TaskStatus.class);
        rows.stream().filter(row -> row.getChildStatus() != null)
                .forEach(row -> counts.put(row.getChildStatus(), row.getChildCount()));
        return Optional.of(view(rows.get(0), counts));
    }

    @Override
    public List<BatchView> list(BatchState state, Long beforeId, int limit) {
        return mapper.list(state, beforeId, limit).stream().map(row -> view(row, Map.of())).toList();
    }

    private static BatchView view(BatchRow row, Map<TaskStatus, Long> counts) {
        return new BatchView(row.getId(), row.getState(), row.getOwnerId(), counts, row.callbackTypes(),
                row.callbackTasks(), row.getCreateTime(), row.getFinishedAt());
    }

    @Override
    public CancelOutcome cancel(long batchId, String requestedBy) {
        return retry.call("cancel batch", () -> readCommitted.execute(status -> cancelInTransaction(batchId, requestedBy)));
    }

    private CancelOutcome cancelInTransaction(long batchId, String requestedBy) {
        if (mapper.markCancelling(batchId) == 0) {
            return mapper.selectState(batchId) == null ? CancelOutcome.NOT_FOUND : CancelOutcome.ALREADY_FINISHED;
        }
        List<TaskStatus> waitingStatuses = List.of(TaskStatus.WAITING, TaskStatus.SCHEDULED, TaskStatus.QUEUED);
        List<Long> seenWaiting = mapper.selectChildrenIn(batchId, waitingStatuses);
        List<Long> cancelled = lockAndChange(seenWaiting, waitingStatuses, mapper::cancelWaitingAmong);
        // a child claimed since the read is running now: it is asked to stop with the others
        Set<Long> mayRun = new TreeSet<>(mapper.selectChildrenIn(batchId, List.of(TaskStatus.RUNNING)));
        mayRun.addAll(seenWaiting);
        mayRun.removeAll(cancelled);
        List<Long> asked = lockAndChange(List.copyOf(mayRun), List.of(TaskStatus.RUNNING), mapper::requestCancelAmong);
        events.changed(cancelled, TaskEventType.CANCELLED, requestedBy);
        events.changed(asked, TaskEventType.CANCEL_REQUESTED, requestedBy);
        // the cancelled children's dependents outside the batch are counted down or cancelled with them
        ends.ended(cancelled, List.of());
        Optional<FinishedBatch> ended = finisher.finishIfEnded(batchId);
        return ended.isPresent() ? CancelOutcome.CANCELLED : CancelOutcome.CANCEL_REQUESTED;
    }

    /** Locks those of {@code ids} still in {@code statuses}, changes them, and returns them: the events name exactly these. */
    private List<Long> lockAndChange(List<Long> ids, List<TaskStatus> statuses, Function<List<Long>, Integer> update) {
        List<Long> changed = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CANCEL_CHUNK) {
            List<Long> locked = mapper.lockAmongIn(ids.subList(from, Math.min(ids.size(), from + CANCEL_CHUNK)), statuses);
            if (!locked.isEmpty()) {
                update.apply(locked);
                changed.addAll(locked);
            }
        }
        return changed;
    }

    @Override
    public List<FinishedBatch> repairFinished(int limit) {
        List<FinishedBatch> repaired = new ArrayList<>();
        for (long batchId : mapper.selectEndable(limit)) {
            retry.call("repair batch", () -> readCommitted.execute(status -> finisher.finishIfEnded(batchId)))
                    .ifPresent(repaired::add);
        }
        return repaired;
    }

    @Override
    public long countUnfinished(int cap) {
        return mapper.countUnfinishedUpTo(cap);
    }
}
