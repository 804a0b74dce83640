package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.admin.demo.FlakyPayload;
import com.tudicloud.asynctask.admin.demo.FlakyTaskHandler;
import com.tudicloud.asynctask.admin.demo.SleepPayload;
import com.tudicloud.asynctask.admin.demo.SleepTaskHandler;
import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.DependencyFailure;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskChain;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The tasks of a dependency fault test, submitted through the client and remembered as planned: what each waits
 * for, its rule, and whether its handler fails for good. From that follows the end each must reach: a task runs
 * when every dependency succeeded, or when all ended and its rule is RUN, and then succeeds unless it is one that
 * fails; otherwise it ends CANCELLED.
 *
 * <p>A gated graph holds all of its tasks back until {@link #open()}: a gate task, due only in an hour, comes first,
 * and each root (a chain's first step, a diamond's top) waits for it with the rule RUN; the gate's cancel releases
 * every root in its transaction, so that the whole graph starts at once however long its submits took.
 */
final class TaskGraph {

    /** One submitted task as planned; {@code cancelled}: the gate, which its cancel ends. */
    record Planned(long id, List<Long> after, DependencyFailure rule, boolean fails, boolean cancelled) {
    }

    /** A dependency: {@code task} waits for {@code dependsOn}. */
    record Edge(long dependsOn, long task) implements Comparable<Edge> {
        @Override
        public int compareTo(Edge other) {
            int byTask = Long.compare(task, other.task);
            return byTask != 0 ? byTask : Long.compare(dependsOn, other.dependsOn);
        }
    }

    private final AsyncTaskClient client;
    private final TreeMap<Long, Planned> tasks = new TreeMap<>();
    private final List<List<Long>> chains = new ArrayList<>();
    private final List<Long> joins = new ArrayList<>();
    private final Long gate;

    /** A graph whose tasks run as they are submitted. */
    TaskGraph(AsyncTaskClient client) {
        this.client = client;
        this.gate = null;
    }

    private TaskGraph(AsyncTaskClient client, TaskRequest gate) {
        this.client = client;
        this.gate = client.submit(gate).taskId();
        tasks.put(this.gate, new Planned(this.gate, List.of(), DependencyFailure.CANCEL, false, true));
    }

    /** A graph whose tasks wait until {@link #open()}. */
    static TaskGraph gated(AsyncTaskClient client) {
        return new TaskGraph(client, work(1).withDelay(Duration.ofHours(1)));
    }

    /** Cancels the gate, which releases the roots. */
    void open() {
        if (gate == null) {
            throw new IllegalStateException("the graph has no gate");
        }
        CancelOutcome outcome = client.cancel(gate);
        if (outcome != CancelOutcome.CANCELLED) {
            throw new IllegalStateException("the gate " + gate + " was not cancelled: " + outcome);
        }
    }

    /** A step that sleeps {@code ms} in its handler and succeeds; retried through faults. */
    static TaskRequest work(long ms) {
        return TaskRequest.of(SleepTaskHandler.TYPE, new SleepPayload(ms)).withMaxAttempts(10);
    }

    /** A step whose handler throws on its only attempt: it ends FAILED. */
    static TaskRequest failing() {
        return TaskRequest.of(FlakyTaskHandler.TYPE, new FlakyPayload(1)).withMaxAttempts(1);
    }

    /** Submits the steps as one chain; their ids in order. */
    List<Long> chain(List<TaskRequest> steps) {
        TaskChain chain = TaskChain.of(root(steps.get(0)));
        for (TaskRequest step : steps.subList(1, steps.size())) {
            chain = chain.then(step);
        }
        List<Long> ids = client.submitChain(chain).stream().map(SubmittedTask::taskId).toList();
        for (int i = 0; i < ids.size(); i++) {
            plan(ids.get(i), chain.steps().get(i), i == 0 ? chain.steps().get(0).after() : List.of(ids.get(i - 1)));
        }
        chains.add(ids);
        return ids;
    }

    /** Submits top -> each branch -> join; the join's id. */
    long diamond(TaskRequest top, List<TaskRequest> branches, TaskRequest join) {
        long topId = submit(root(top));
        List<TaskRequest> afterTop = branches.stream().map(branch -> branch.after(topId)).toList();
        List<SubmittedTask> submitted = client.submitAll(afterTop);
        for (int i = 0; i < afterTop.size(); i++) {
            plan(submitted.get(i).taskId(), afterTop.get(i), afterTop.get(i).after());
        }
        long joinId = submit(join.after(submitted.stream().mapToLong(SubmittedTask::taskId).toArray()));
        joins.add(joinId);
        return joinId;
    }

    /** Submits one task, waiting for those its request names. */
    long submit(TaskRequest request) {
        long id = client.submit(request).taskId();
        plan(id, request, request.after());
        return id;
    }

    /** A chain's first step or a diamond's top: in a gated graph, it waits for the gate and runs when it is cancelled. */
    private TaskRequest root(TaskRequest request) {
        return gate == null ? request : request.after(gate).ifDependencyFails(DependencyFailure.RUN);
    }

    private void plan(long id, TaskRequest request, List<Long> after) {
        tasks.put(id, new Planned(id, after, request.ifDependencyFails(),
                FlakyTaskHandler.TYPE.equals(request.taskType()), false));
    }

    Map<Long, Planned> tasks() {
        return Collections.unmodifiableMap(tasks);
    }

    List<List<Long>> chains() {
        return List.copyOf(chains);
    }

    List<Long> joins() {
        return List.copyOf(joins);
    }

    int size() {
        return tasks.size();
    }

    long firstId() {
        return tasks.firstKey();
    }

    long lastId() {
        return tasks.lastKey();
    }

    Set<Edge> edges() {
        Set<Edge> edges = new TreeSet<>();
        tasks.values().forEach(task -> task.after().forEach(dependency -> edges.add(new Edge(dependency, task.id()))));
        return edges;
    }

    /** The end each task must reach. */
    Map<Long, TaskStatus> expectedEnds() {
        Map<Long, TaskStatus> ends = new TreeMap<>();
        tasks.keySet().forEach(id -> expectedEnd(id, ends));
        return ends;
    }

    private TaskStatus expectedEnd(long id, Map<Long, TaskStatus> ends) {
        TaskStatus known = ends.get(id);
        if (known != null) {
            return known;
        }
        Planned task = tasks.get(id);
        if (task.cancelled()) {
            ends.put(id, TaskStatus.CANCELLED);
            return TaskStatus.CANCELLED;
        }
        boolean allSucceeded = task.after().stream().allMatch(dependency -> expectedEnd(dependency, ends) == TaskStatus.SUCCESS);
        TaskStatus end = !allSucceeded && task.rule() == DependencyFailure.CANCEL ? TaskStatus.CANCELLED
                : task.fails() ? TaskStatus.FAILED : TaskStatus.SUCCESS;
        ends.put(id, end);
        return end;
    }
}
