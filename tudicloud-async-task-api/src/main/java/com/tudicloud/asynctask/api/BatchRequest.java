package com.tudicloud.asynctask.api;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A batch to submit: its children and up to one callback task per {@link BatchCallback}. Build it with
 * {@link #of(List)} and the {@code on...} methods; the instance is immutable.
 *
 * <p>Children and callbacks carry no dedup key: a child belongs to exactly one batch, and a callback is inserted
 * exactly once by the batch's end. A callback's delay counts from the batch's end.
 *
 * @param children  at least one, at most {@value #MAX_CHILDREN}
 * @param callbacks the callback task per end, any of them absent
 * @param ownerId   who the batch belongs to, or {@code null}; its callbacks get it unless they name their own
 */
public record BatchRequest(List<TaskRequest> children, Map<BatchCallback, TaskRequest> callbacks, String ownerId) {

    /** Children one submit takes: a batch that must grow beyond grows from inside its running children. */
    public static final int MAX_CHILDREN = 100_000;

    public BatchRequest {
        Objects.requireNonNull(children, "children");
        if (children.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one child");
        }
        if (children.size() > MAX_CHILDREN) {
            throw new IllegalArgumentException("a batch takes at most " + MAX_CHILDREN + " children at submit: "
                    + children.size());
        }
        children = List.copyOf(children);
        for (int i = 0; i < children.size(); i++) {
            requireNoDedupKey(children.get(i), "child " + i);
        }
        callbacks = callbacks.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(callbacks));
        callbacks.forEach((on, callback) -> requireNoDedupKey(callback, "the " + on + " callback"));
        if (ownerId != null && (ownerId.isBlank() || ownerId.length() > TaskRequest.MAX_OWNER_ID_LENGTH)) {
            throw new IllegalArgumentException("ownerId must not be blank and at most "
                    + TaskRequest.MAX_OWNER_ID_LENGTH + " characters");
        }
    }

    public static BatchRequest of(List<TaskRequest> children) {
        return new BatchRequest(children, Map.of(), null);
    }

    /** Inserted once every child succeeded. */
    public BatchRequest onSuccess(TaskRequest callback) {
        return withCallback(BatchCallback.SUCCESS, callback);
    }

    /** Inserted once no child can run any more and one of them failed or was cancelled. */
    public BatchRequest onFailure(TaskRequest callback) {
        return withCallback(BatchCallback.FAILURE, callback);
    }

    /** Inserted once no child can run any more, whatever their ends. */
    public BatchRequest onComplete(TaskRequest callback) {
        return withCallback(BatchCallback.COMPLETE, callback);
    }

    public BatchRequest withOwnerId(String ownerId) {
        return new BatchRequest(children, callbacks, ownerId);
    }

    public BatchRequest withCallback(BatchCallback on, TaskRequest callback) {
        Map<BatchCallback, TaskRequest> all = new EnumMap<>(BatchCallback.class);
        all.putAll(callbacks);
        all.put(Objects.requireNonNull(on, "on"), Objects.requireNonNull(callback, "callback"));
        return new BatchRequest(children, all, ownerId);
    }

    private static void requireNoDedupKey(TaskRequest request, String which) {
        Objects.requireNonNull(request, which);
        if (request.dedupKey() != null) {
            throw new IllegalArgumentException(which + " of a batch must not have a dedup key");
        }
    }
}
