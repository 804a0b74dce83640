package com.tudicloud.asynctask.api.spi;

import com.tudicloud.asynctask.api.BatchCallback;

import java.util.List;
import java.util.Map;

/** A batch to insert: its children and the callbacks it keeps until it ends, payloads already serialised. */
public record NewBatch(List<NewTask> children, Map<BatchCallback, NewTask> callbacks, String ownerId) {

    public NewBatch {
        children = List.copyOf(children);
        callbacks = Map.copyOf(callbacks);
    }
}
