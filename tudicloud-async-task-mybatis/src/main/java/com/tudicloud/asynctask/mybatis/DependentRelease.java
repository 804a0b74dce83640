package com.tudicloud.asynctask.mybatis;

import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.spi.TaskEventType;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Counts down the dependents of tasks that just ended, in the transaction that wrote the ends, which the caller
 * holds. Per round: the ended tasks that have dependents, their unreleased edges (a locking read, which waits
 * for a submit's uncommitted edge rather than miss it), those edges released, the dependents locked, then one
 * UPDATE that counts them down (the last end makes a task due) and one that cancels those whose rule says so
 * when a dependency did not succeed. A cancelled dependent has ended too: its own dependents are the next
 * round's. Each edge is released once, so no end counts a dependent twice.
 */
final class DependentRelease {

    private final SystemAsyncTaskDependencyMapper mapper;
    private final TaskEventLog events;

    DependentRelease(SystemAsyncTaskDependencyMapper mapper, TaskEventLog events) {
        this.mapper = mapper;
        this.events = events;
    }

    /**
     * @param maybeEnded tasks this transaction wrote an end of, or may have (only those that ended and have
     *                   dependents are looked at)
     */
    Released release(Collection<Long> maybeEnded) {
        if (maybeEnded.isEmpty()) {
            return Released.NONE;
        }
        List<TaskStatusRow> ended = mapper.selectEndedWithDependents(new TreeSet<>(maybeEnded));
        Released released = Released.NONE;
        while (!ended.isEmpty()) {
            Round round = releaseRound(ended);
            released = released.plus(round.released());
            ended = round.nextEnded();
        }
        return released;
    }

    private Round releaseRound(List<TaskStatusRow> ended) {
        Map<Long, TaskStatus> endOf = ended.stream().collect(Collectors.toMap(TaskStatusRow::id, TaskStatusRow::status));
        List<DependencyEdge> edges = mapper.lockUnreleasedEdges(new TreeSet<>(endOf.keySet()));
        if (edges.isEmpty()) {
            return new Round(Released.NONE, List.of());
        }
        mapper.markReleased(edges.stream().map(DependencyEdge::dependsOnId).collect(Collectors.toCollection(TreeSet::new)));
        Map<Long, List<DependencyEdge>> byDependent = edges.stream()
                .collect(Collectors.groupingBy(DependencyEdge::taskId, TreeMap::new, Collectors.toList()));
        List<CountDown> counts = new ArrayList<>();
        List<Long> due = new ArrayList<>();
        List<DependencyCancel> cancels = new ArrayList<>();
        List<TaskStatusRow> nextEnded = new ArrayList<>();
        List<Long> batchIds = new ArrayList<>();
        for (WaitingTask waiting : mapper.lockWaiting(byDependent.keySet())) {
            List<DependencyEdge> its = byDependent.get(waiting.id());
            DependencyEdge failed = its.stream().filter(edge -> endOf.get(edge.dependsOnId()) != TaskStatus.SUCCESS)
                    .findFirst().orElse(null);
            if (failed != null && !waiting.runIfDependencyFails()) {
                cancels.add(new DependencyCancel(waiting.id(),
                        "dependency " + failed.dependsOnId() + " ended " + endOf.get(failed.dependsOnId())));
                if (waiting.hasDependents()) {
                    nextEnded.add(new TaskStatusRow(waiting.id(), TaskStatus.CANCELLED));
                }
                if (waiting.batchId() != null) {
                    batchIds.add(waiting.batchId());
                }
            } else {
                counts.add(new CountDown(waiting.id(), its.size()));
                if (waiting.waitingOn() <= its.size()) {
                    due.add(waiting.id());
                }
            }
        }
        if (!counts.isEmpty()) {
            mapper.countDown(counts);
            events.changed(due, TaskEventType.DEPENDENCIES_MET, null);
        }
        List<Long> cancelled = cancels.stream().map(DependencyCancel::taskId).toList();
        if (!cancels.isEmpty()) {
            mapper.cancelWaiting(cancels);
            events.changed(cancelled, TaskEventType.CANCELLED, null);
        }
        return new Round(new Released(due.size(), batchIds), nextEnded);
    }

    private record Round(Released released, List<TaskStatusRow> nextEnded) {
    }

    /**
     * @param madeDue  dependents whose last dependency ended: SCHEDULED or QUEUED now
     * @param batchIds the batches of the dependents cancelled because a dependency did not succeed, whose end they may be
     */
    record Released(int madeDue, List<Long> batchIds) {

        static final Released NONE = new Released(0, List.of());

        Released plus(Released more) {
            List<Long> batches = new ArrayList<>(batchIds);
            batches.addAll(more.batchIds);
            return new Released(madeDue + more.madeDue,
                    batches.stream().filter(Objects::nonNull).distinct().toList());
        }
    }
}
