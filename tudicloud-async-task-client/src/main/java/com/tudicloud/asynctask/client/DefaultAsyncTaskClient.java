package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.api.spi.TaskStore;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The client on the store SPI. Submits join the caller's transaction (the store's statements run on
 * the caller's connection when it has one); local workers are woken (and the submission is counted) only once that
 * transaction has committed ({@link AfterCommit}), so they never look for a task that is not visible yet. A request without a
 * priority, max attempts or key gets its task type's (see {@link TaskTypeDefaults}; a key from the type's key field).
 */
public class DefaultAsyncTaskClient implements AsyncTaskClient {

    static final int MAX_LIST_LIMIT = 1000;

    private final TaskStore store;
    private final PayloadCodec codec;
    private final Clock clock;
    private final TaskSubmissionListener listener;
    private final ClientMetrics metrics;
    private final Supplier<TaskTypeDefaults> defaults;
    private final AfterCommit afterCommit;

    /** A client that knows no task type's policy: a request without priority or max attempts gets 0 and 3. */
    public DefaultAsyncTaskClient(TaskStore store, PayloadCodec codec, Clock clock, TaskSubmissionListener listener,
                                  ClientMetrics metrics) {
        this(store, codec, clock, listener, metrics, () -> TaskTypeDefaults.NONE, AfterCommit.IMMEDIATELY);
    }

    /**
     * @param listener    told of due submissions after commit; workers in this JVM wake up on it
     * @param defaults    asked on each submit: a handler may use the client, and the defaults come from the handlers
     * @param afterCommit how to wait for the caller's transaction, if it has one
     */
    public DefaultAsyncTaskClient(TaskStore store, PayloadCodec codec, Clock clock, TaskSubmissionListener listener,
                                  ClientMetrics metrics, Supplier<TaskTypeDefaults> defaults, AfterCommit afterCommit) {
        this.store = store;
        this.codec = codec;
        this.clock = clock;
        this.listener = listener;
        this.metrics = metrics;
        this.defaults = defaults;
        this.afterCommit = afterCommit;
    }

    @Override
    public SubmittedTask submit(TaskRequest request) {
        return submitAll(List.of(request)).get(0);
    }

    @Override
    public List<SubmittedTask> submitAll(List<TaskRequest> requests) {
        if (requests.isEmpty()) {
            return List.of();
        }
        TaskTypeDefaults known = defaults.get();
        List<SubmittedTask> submitted = store.insert(requests.stream().map(request -> toNewTask(request, known)).toList());
        Set<String> dueTypes = requests.stream()
                .filter(request -> delayMillis(request) == 0)
                .map(TaskRequest::taskType)
                .collect(Collectors.toSet());
        afterCommit.run(() -> {
            for (int i = 0; i < submitted.size(); i++) {
                metrics.submitted(requests.get(i).taskType(), submitted.get(i).created());
            }
            if (!dueTypes.isEmpty()) {
                listener.tasksSubmitted(dueTypes);
            }
        });
        return submitted;
    }

    @Override
    public Optional<TaskView> get(long taskId) {
        return store.findById(taskId);
    }

    @Override
    public CancelOutcome cancel(long taskId) {
        return store.cancel(taskId);
    }

    @Override
    public List<TaskView> listByOwner(String ownerId, Collection<TaskStatus> statuses, int limit) {
        if (ownerId == null || ownerId.isBlank()) {
            throw new IllegalArgumentException("ownerId must not be blank");
        }
        if (limit < 1 || limit > MAX_LIST_LIMIT) {
            throw new IllegalArgumentException("limit must be from 1 to " + MAX_LIST_LIMIT + ": " + limit);
        }
        return store.findByOwner(ownerId, statuses == null ? List.of() : List.copyOf(statuses), limit);
    }

    private NewTask toNewTask(TaskRequest request, TaskTypeDefaults known) {
        String payloadJson = codec.write(request.payload());
        String key = request.key() != null ? request.key()
                : PayloadKeys.keyOf(request.taskType(), known.keyField(request.taskType()), payloadJson);
        return new NewTask(request.taskType(), payloadJson,
                known.priority(request.taskType(), request.priority()), delayMillis(request),
                known.maxAttempts(request.taskType(), request.maxAttempts()), request.ownerId(), request.dedupKey(), key);
    }

    /**
     * A run-at instant becomes a delay on this JVM's clock: the database's clock then decides when it
     * is due, as it decides everything else about time.
     */
    private long delayMillis(TaskRequest request) {
        Duration delay = request.runAt() != null
                ? Duration.between(clock.instant(), request.runAt())
                : request.delay();
        return Math.max(0, delay.toMillis());
    }
}
