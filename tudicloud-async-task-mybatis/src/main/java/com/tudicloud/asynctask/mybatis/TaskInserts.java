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
    private final DependencySubmit dependencies;

    TaskInserts(SystemAsyncTaskMapper mapper, TransactionTemplate joinCaller, DependencySubmit dependencies) {
        this.mapper = mapper;
        this.joinCaller = joinCaller;
        this.dependencies = dependencies;
    }

    /** Results in the order of {@code tasks}; in the caller's transaction, if any. */
    List<SubmittedTask> insert(List<NewTask> tasks) {
        boolean oneStatement = tasks.size() <= INSERT_CHUNK
                && tasks.stream().allMatch(task -> task.dedupKey() == null && !task.hasDependencies());
        // one statement is atomic on its own; it still joins the caller's transaction when there is one
        return oneStatement ? insertAll(tasks, null) : joinCaller.execute(status -> insertAll(tasks, null));
    }

    /**
     * A chain: each step waits for the one before it. The rows in multi-row INSERTs, then the edges; in the
     * caller's transaction, if any. Results in the order of the steps.
     */
    List<SubmittedTask> insertChain(List<NewTask> steps) {
        if (steps.stream().anyMatch(step -> step.dedupKey() != null)) {
            throw new IllegalArgumentException("a step of a chain must not have a dedup key");
        }
        if (steps.stream().skip(1).anyMatch(NewTask::hasDependencies)) {
            throw new IllegalArgumentException("only the first step of a chain names tasks it waits for");
        }
        return joinCaller.execute(status -> {
            List<InsertableTask> rows = steps.stream().map(step -> new InsertableTask(step, null, null)).toList();
            DependencySubmit.Named named = dependencies.prepare(rows.subList(0, 1));
            dependencies.prepareChain(rows);
            List<SubmittedTask> results = insertRows(rows);
            dependencies.link(rows.subList(0, 1), named);
            dependencies.linkChain(rows);
            return results;
        });
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

    /** Rows that wait for other tasks get their start first and their edges after. */
    private List<SubmittedTask> insertAll(List<InsertableTask> rows) {
        List<InsertableTask> waiting = rows.stream().filter(row -> row.task().hasDependencies()).toList();
        if (waiting.isEmpty()) {
            return insertRows(rows);
        }
        DependencySubmit.Named named = dependencies.prepare(waiting);
        List<SubmittedTask> results = insertRows(rows);
        List<InsertableTask> created = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (results.get(i).created() && rows.get(i).task().hasDependencies()) {
                created.add(rows.get(i));
            }
        }
        dependencies.link(created, named);
        return results;
    }

    private List<SubmittedTask> insertRows(List<InsertableTask> rows) {
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
