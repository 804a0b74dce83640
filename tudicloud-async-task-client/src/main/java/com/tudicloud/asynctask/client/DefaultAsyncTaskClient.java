package com.tudicloud.asynctask.client;

import com.tudicloud.asynctask.api.AsyncTaskClient;
import com.tudicloud.asynctask.api.BatchCallback;
import com.tudicloud.asynctask.api.BatchRequest;
import com.tudicloud.asynctask.api.BatchView;
import com.tudicloud.asynctask.api.CancelOutcome;
import com.tudicloud.asynctask.api.SubmittedBatch;
import com.tudicloud.asynctask.api.SubmittedTask;
import com.tudicloud.asynctask.api.TaskChain;
import com.tudicloud.asynctask.api.TaskContext;
import com.tudicloud.asynctask.api.TaskLinks;
import com.tudicloud.asynctask.api.TaskRequest;
import com.tudicloud.asynctask.api.TaskStatus;
import com.tudicloud.asynctask.api.TaskView;
import com.tudicloud.asynctask.api.spi.BatchStore;
import com.tudicloud.asynctask.api.spi.NewBatch;
import com.tudicloud.asynctask.api.spi.NewTask;
import com.tudicloud.asynctask.api.spi.PayloadCodec;
import com.tudicloud.asynctask.api.spi.TaskSubmissionListener;
import com.tudicloud.asynctask.api.spi.TaskStore;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import java.time.Clock;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The client on the store SPI. Submits join the caller's transaction (the store's statements run on
 * the caller's connection when it has one); local workers are woken (and the submission is counted) only once that
 * transaction has committed ({@link AfterCommit}), so they never look for a task that is not visible yet. A request
 * without a priority, max attempts or key gets its task type's (see {@link TaskTypeDefaults}; a key from the type's key
 * field). Each submit is observed ({@link SubmitObservation}) when the observation registry has a handler; the rows keep the trace context a
 * tracing handler gives it. With {@link ObservationRegistry#NOOP} a submit does exactly what it does untraced.
 */
public class DefaultAsyncTaskClient implements AsyncTaskClient {

    static final int MAX_LIST_LIMIT = 1000;

    private final TaskStore store;
    private final NewTaskConverter converter;
    private final TaskSubmissionListener listener;
    private final ClientMetrics metrics;
    private final Supplier<TaskTypeDefaults> defaults;
    private final AfterCommit afterCommit;
    private final BatchStore batches;
    private final ObservationRegistry observations;

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
        this(store, null, codec, clock, listener, metrics, defaults, afterCommit, ObservationRegistry.NOOP);
    }

    /**
     * @param batches      the store of batches; null for a client that submits no batch
     * @param observations where each submit is observed; {@link ObservationRegistry#NOOP} observes none
     */
    public DefaultAsyncTaskClient(TaskStore store, BatchStore batches, PayloadCodec codec, Clock clock,
                                  TaskSubmissionListener listener, ClientMetrics metrics,
                                  Supplier<TaskTypeDefaults> defaults, AfterCommit afterCommit,
                                  ObservationRegistry observations) {
        this.batches = batches;
        this.observations = Objects.requireNonNull(observations, "observations (ObservationRegistry.NOOP for none)");
        this.store = store;
        this.converter = new NewTaskConverter(codec, clock);
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
        List<SubmittedTask> submitted = observed(requests, traceParent -> insert(requests, known, traceParent));
        announce(requests, submitted);
        return submitted;
    }

    @Override
    public List<SubmittedTask> submitChain(TaskChain chain) {
        TaskTypeDefaults known = defaults.get();
        List<SubmittedTask> submitted = observed(chain.steps(),
                traceParent -> store.insertChain(toNewTasks(chain.steps(), known, traceParent)));
        announce(chain.steps(), submitted);
        return submitted;
    }

    @Override
    public SubmittedBatch submitBatch(BatchRequest request) {
        TaskTypeDefaults known = defaults.get();
        SubmittedBatch submitted = observed(request.children(),
                traceParent -> batches().insert(toNewBatch(request, known, traceParent)));
        announce(request.children(), submitted.children());
        return submitted;
    }

    @Override
    public List<SubmittedTask> addToBatch(TaskContext running, List<TaskRequest> children) {
        if (running.batchId().isEmpty()) {
            throw new IllegalArgumentException("task " + running.taskId() + " is in no batch");
        }
        if (children.isEmpty()) {
            throw new IllegalArgumentException("no children to add to batch " + running.batchId().getAsLong());
        }
        children.forEach(child -> {
            if (child.dedupKey() != null) {
                throw new IllegalArgumentException("a child of a batch must not have a dedup key");
            }
        });
        TaskTypeDefaults known = defaults.get();
        List<SubmittedTask> added = observed(children, traceParent -> batches().addChildren(
                running.batchId().getAsLong(), running.taskId(), toNewTasks(children, known, traceParent)));
        announce(children, added);
        return added;
    }

    @Override
    public Optional<BatchView> getBatch(long batchId) {
        return batches().find(batchId);
    }

    @Override
    public CancelOutcome cancelBatch(long batchId) {
        return batches().cancel(batchId, null);
    }

    private BatchStore batches() {
        if (batches == null) {
            throw new UnsupportedOperationException("this client was built without a batch store");
        }
        return batches;
    }

    /**
     * Once the caller's transaction has committed: counts the submissions and wakes the workers of due types (a
     * task that waits for others, or a later step of a chain, is not due).
     */
    private void announce(List<TaskRequest> requests, List<SubmittedTask> submitted) {
        Set<String> dueTypes = requests.stream()
                .filter(request -> converter.delayMillis(request) == 0 && request.after().isEmpty())
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
    }

    @Override
    public Optional<TaskView> get(long taskId) {
        return store.findById(taskId);
    }

    @Override
    public TaskLinks links(long taskId) {
        return store.links(taskId, MAX_LINKS);
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

    /** Runs an insert under a submit observation when a handler observes; the insert gets its trace context. */
    private <T> T observed(List<TaskRequest> requests, Function<String, T> insert) {
        if (observations.isNoop()) {
            return insert.apply(null);
        }
        SubmitObservation observation = SubmitObservation.start(observations, requests);
        try (Observation.Scope ignored = observation.openScope()) {
            return insert.apply(observation.traceParent());
        } catch (RuntimeException | Error e) {
            observation.error(e);
            throw e;
        } finally {
            observation.stop();
        }
    }

    private List<SubmittedTask> insert(List<TaskRequest> requests, TaskTypeDefaults known, String traceParent) {
        return store.insert(toNewTasks(requests, known, traceParent));
    }

    private NewBatch toNewBatch(BatchRequest request, TaskTypeDefaults known, String traceParent) {
        Map<BatchCallback, NewTask> callbacks = new EnumMap<>(BatchCallback.class);
        request.callbacks().forEach((on, callback) -> callbacks.put(on, converter.toNewTask(
                callback.ownerId() == null && request.ownerId() != null ? callback.withOwnerId(request.ownerId()) : callback,
                known, traceParent)));
        return new NewBatch(toNewTasks(request.children(), known, traceParent), callbacks, request.ownerId());
    }

    private List<NewTask> toNewTasks(List<TaskRequest> requests, TaskTypeDefaults known, String traceParent) {
        return requests.stream().map(request -> converter.toNewTask(request, known, traceParent)).toList();
    }
}
