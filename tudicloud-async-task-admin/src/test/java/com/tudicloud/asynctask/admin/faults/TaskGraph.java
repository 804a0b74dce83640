package com.tudicloud.asynctask.admin.faults;

import com.tudicloud.asynctask.admin.demo.FlakyPayload;
import com.tudicloud.asynctask.admin.demo.FlakyTaskHandler;
import com.tudicloud.asynctask.admin.demo.SleepPayload;
import com.tudicloud.asynctask.admin.demo.SleepTaskHandler;
import com.tudicloud.asynctask.api.AsyncTaskClient;
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
 */
final class TaskGraph {

    /** How long the top of a diamond waits before it is due: its branches and join are submitted meanwhile. */
    private static final Duration TOP_DELAY = Duration.ofMillis(500);

    /** One submitted task as planned. */
    record Planned(long id, List<Long> after, DependencyFailure rule, boolean fails) {
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

    TaskGraph(AsyncTaskClient client) {
        this.client = client;
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
        TaskChain chain = TaskChain.of(steps.get(0));
        for (TaskRequest step : steps.subList(1, steps.size())) {
            chain = chain.then(step);
        }
        List<Long> ids = client.submitChain(chain).stream().map(SubmittedTask::taskId).toList();
        for (int i = 0; i < ids.size(); i++) {
            plan(ids.get(i), steps.get(i), i == 0 ? steps.get(0).after() : List.of(ids.get(i - 1)));
        }
        chains.add(ids);
        return ids;
    }

    /** Submits top -> each branch -> join, the top delayed so that the others wait for it; the join's id. */
    long diamond(TaskRequest top, List<TaskRequest> branches, TaskRequest join) {
        long topId = submit(top.withDelay(TOP_DELAY));
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

    private void plan(long id, TaskRequest request, List<Long> after) {
        tasks.put(id, new Planned(id, after, request.ifDependencyFails(),
                FlakyTaskHandler.TYPE.equals(request.taskType())));
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
        boolean allSucceeded = task.after().stream().allMatch(dependency -> expectedEnd(dependency, ends) == TaskStatus.SUCCESS);
        TaskStatus end = !allSucceeded && task.rule() == DependencyFailure.CANCEL ? TaskStatus.CANCELLED
                : task.fails() ? TaskStatus.FAILED : TaskStatus.SUCCESS;
        ends.put(id, end);
        return end;
    }
}
