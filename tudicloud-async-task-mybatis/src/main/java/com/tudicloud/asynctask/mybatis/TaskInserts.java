package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.spi.Completion;
import com.tudicloud.asynctask.api.spi.NewTask;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;

/**
 * Inserts task rows: multi-row INSERTs of {@value #INSERT_CHUNK} rows each, and one statement per row with a
 * dedup key. A batch's children go the same way, with the batch's id in every row, and so do the children a
 * running task submitted, with their parent's id in every row.
 */
final class TaskInserts {

    /** Rows per multi-row INSERT: well inside MySQL's 65,535 placeholders per statement. */
    static final int INSERT_CHUNK = 1000;

    private final SystemAsyncTaskMapper mapper;
    private final TransactionTemplate joinCaller;

    TaskInserts(SystemAsyncTaskMapper mapper, TransactionTemplate joinCaller) {
        this.mapper = mapper;
        this.joinCaller = joinCaller;
    }

    /** Results in the order of {@code tasks}; in the caller's transaction, if any. */
    List<SubmittedTask> insert(List<NewTask> tasks) {
        boolean oneStatement = tasks.size() <= INSERT_CHUNK && tasks.stream().allMatch(task -> task.dedupKey() == null);
        // one statement is atomic on its own; it still joins the caller's transaction when there is one
        return oneStatement ? insertAll(tasks, null) : joinCaller.execute(status -> insertAll(tasks, null));
    }

    /** Children of a batch, which carry no dedup key; in the caller's transaction, which the caller holds. */
    List<SubmittedTask> insertChildren(long batchId, List<NewTask> children) {
        if (children.stream().anyMatch(child -> child.dedupKey() != null)) {
            throw new IllegalArgumentException("a child of a batch must not have a dedup key");
        }
        return insertAll(children, batchId);
    }

    /**
     * The children the handlers of these successes submitted, all parents' in multi-row INSERTs together; in the
     * caller's transaction, which the caller holds.
     */
    void insertChildrenOf(List<Completion> parents) {
        List<InsertableTask> rows = parents.stream().flatMap(parent -> parent.children().stream()
                .map(child -> new InsertableTask(child, null, parent.taskId()))).toList();
        if (rows.stream().anyMatch(row -> row.getDedupKey() != null)) {
            throw new IllegalArgumentException("a child of a running task must not have a dedup key");
        }
        insertAll(rows);
    }

    private List<SubmittedTask> insertAll(List<NewTask> tasks, Long batchId) {
        return insertAll(tasks.stream().map(task -> new InsertableTask(task, batchId, null)).toList());
    }

    private List<SubmittedTask> insertAll(List<InsertableTask> rows) {
        List<InsertableTask> plain = rows.stream().filter(row -> row.getDedupKey() == null).toList();
        for (int from = 0; from < plain.size(); from += INSERT_CHUNK) {
            mapper.insertTasks(plain.subList(from, Math.min(plain.size(), from + INSERT_CHUNK)));
        }
        List<SubmittedTask> results = new ArrayList<>(rows.size());
        for (InsertableTask row : rows) {
            results.add(row.getDedupKey() == null ? new SubmittedTask(row.getId(), true) : insertDeduplicated(row));
        }
        return results;
    }

    /**
     * The unique key (task_type, dedup_key) decides, so two concurrent submits of one key cannot both
     * insert. A duplicate fails only its own statement, not the caller's transaction.
     */
    private SubmittedTask insertDeduplicated(InsertableTask row) {
        try {
            mapper.insertTasks(List.of(row));
            return new SubmittedTask(row.getId(), true);
        } catch (DuplicateKeyException duplicate) {
            Long existing = mapper.selectIdByDedupKey(row.getTaskType(), row.getDedupKey());
            if (existing == null) {
                throw duplicate;
            }
            return new SubmittedTask(existing, false);
        }
    }
}
