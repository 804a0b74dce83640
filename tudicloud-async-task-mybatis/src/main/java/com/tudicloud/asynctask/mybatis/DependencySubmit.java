package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.TaskStatus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The submit side of dependencies, in the submit's transaction, which the caller holds. Before the insert it
 * locks the tasks the new ones name (their end then waits for this submit, and sees its edges) and gives each new
 * task its start from their statuses: WAITING for those that have not ended, CANCELLED when one did not succeed
 * and its rule says so, else as a task without dependencies. After the insert it writes the edges, one
 * multi-row INSERT per {@value TaskInserts#INSERT_CHUNK}.
 */
final class DependencySubmit {

    private final SystemAsyncTaskDependencyMapper mapper;

    DependencySubmit(SystemAsyncTaskDependencyMapper mapper) {
        this.mapper = mapper;
    }

    /** The statuses of the tasks some new ones wait for, as the submit locked them. */
    record Named(Map<Long, TaskStatus> statuses) {

        static final Named NONE = new Named(Map.of());

        boolean hasEnded(long taskId) {
            return statuses.get(taskId).isTerminal();
        }
    }

    /** Locks the dependencies the rows name and gives each row its start; refuses an id of no task. */
    Named prepare(List<InsertableTask> rows) {
        TreeSet<Long> named = new TreeSet<>();
        rows.forEach(row -> named.addAll(row.task().after()));
        if (named.isEmpty()) {
            return Named.NONE;
        }
        Map<Long, TaskStatus> statuses = new HashMap<>();
        List<Long> ids = new ArrayList<>(named);
        for (int from = 0; from < ids.size(); from += TaskInserts.INSERT_CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + TaskInserts.INSERT_CHUNK));
            mapper.markHavingDependents(chunk);
            mapper.selectStatuses(chunk).forEach(row -> statuses.put(row.id(), row.status()));
        }
        List<Long> missing = ids.stream().filter(id -> !statuses.containsKey(id)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("after names no task with id " + missing);
        }
        rows.forEach(row -> start(row, statuses));
        return new Named(statuses);
    }

    private static void start(InsertableTask row, Map<Long, TaskStatus> statuses) {
        int unmet = 0;
        Long failed = null;
        for (long dependency : row.task().after()) {
            TaskStatus status = statuses.get(dependency);
            if (!status.isTerminal()) {
                unmet++;
            } else if (status != TaskStatus.SUCCESS && failed == null) {
                failed = dependency;
            }
        }
        if (failed != null && row.task().ifDependencyFails() == DependencyFailure.CANCEL) {
            row.cancelFor("dependency " + failed + " ended " + statuses.get(failed));
        } else {
            row.waitFor(unmet);
        }
    }

    /**
     * Each step after the first waits for the one before it: WAITING while it has not ended, else started as
     * {@link #start} does. The first step's start is {@link #prepare}'s.
     */
    void prepareChain(List<InsertableTask> steps) {
        for (int i = 1; i < steps.size(); i++) {
            InsertableTask before = steps.get(i - 1);
            InsertableTask step = steps.get(i);
            if (TaskStatus.valueOf(before.getStatus()).isTerminal()) {
                if (step.task().ifDependencyFails() == DependencyFailure.CANCEL) {
                    step.cancelFor("the step before it in its chain ended CANCELLED");
                }
            } else {
                before.markHavingDependents();
                step.waitFor(1);
            }
        }
    }

    /** The edges of the rows this submit inserted (a deduplicated row that existed already has its own). */
    void link(List<InsertableTask> inserted, Named named) {
        List<DependencyEdge> edges = new ArrayList<>();
        for (InsertableTask row : inserted) {
            for (long dependency : row.task().after()) {
                edges.add(new DependencyEdge(dependency, row.getId(), row.isStartsCancelled() || named.hasEnded(dependency)));
            }
        }
        insert(edges);
    }

    /** The chain's edges, each step's on the step before it. */
    void linkChain(List<InsertableTask> steps) {
        List<DependencyEdge> edges = new ArrayList<>();
        for (int i = 1; i < steps.size(); i++) {
            InsertableTask step = steps.get(i);
            edges.add(new DependencyEdge(steps.get(i - 1).getId(), step.getId(), step.getWaitingOn() == 0));
        }
        insert(edges);
    }

    private void insert(List<DependencyEdge> edges) {
        for (int from = 0; from < edges.size(); from += TaskInserts.INSERT_CHUNK) {
            mapper.insertEdges(edges.subList(from, Math.min(edges.size(), from + TaskInserts.INSERT_CHUNK)));
        }
    }
}
