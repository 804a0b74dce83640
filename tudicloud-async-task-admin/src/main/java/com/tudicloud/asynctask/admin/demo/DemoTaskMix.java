package com.tudicloud.asynctask.admin.demo;

import com.tudicloud.asynctask.api.TaskRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Which demo tasks to submit: a batch of every type at start-up, then rounds that cycle through the
 * types and the demo owners. Not thread-safe: the feeder calls it from its one thread.
 */
class DemoTaskMix {

    static final List<String> OWNERS = List.of("alice", "bob");

    private final DemoProperties properties;
    private final List<Supplier<TaskRequest>> kinds = List.of(this::sleep, this::flaky, this::export, this::importRows);
    private long roundTasks;

    DemoTaskMix(DemoProperties properties) {
        this.properties = properties;
    }

    List<TaskRequest> startUpBatch() {
        List<TaskRequest> batch = new ArrayList<>();
        for (Supplier<TaskRequest> kind : kinds) {
            for (int i = 0; i < properties.getInitialTasksPerType(); i++) {
                batch.add(kind.get().withOwnerId(OWNERS.get(i % OWNERS.size())));
            }
        }
        return batch;
    }

    /** One of each type in turn; the owner changes after each full cycle of types. */
    List<TaskRequest> nextRound() {
        List<TaskRequest> round = new ArrayList<>();
        for (int i = 0; i < properties.getTasksPerFeed(); i++) {
            long n = roundTasks++;
            String owner = OWNERS.get((int) (n / kinds.size() % OWNERS.size()));
            round.add(kinds.get((int) (n % kinds.size())).get().withOwnerId(owner));
        }
        return round;
    }

    private TaskRequest sleep() {
        return TaskRequest.of(SleepTaskHandler.TYPE, new SleepPayload(properties.getSleep().toMillis()));
    }

    /** One attempt more than the planned failures, so that every flaky task succeeds in the end. */
    private TaskRequest flaky() {
        int failures = properties.getFlakyFailures();
        return TaskRequest.of(FlakyTaskHandler.TYPE, new FlakyPayload(failures)).withMaxAttempts(failures + 1);
    }

    private TaskRequest export() {
        return TaskRequest.of(ExportTaskHandler.TYPE, new ExportPayload(properties.getExportRows()));
    }

    private TaskRequest importRows() {
        return TaskRequest.of(ImportTaskHandler.TYPE, new ImportPayload(properties.getImportRows()));
    }
}
