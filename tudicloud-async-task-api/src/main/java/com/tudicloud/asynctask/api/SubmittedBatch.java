package com.tudicloud.asynctask.api;

import java.util.List;

/** A batch as submitted: its id and its children, in the order of the request. */
public record SubmittedBatch(long batchId, List<SubmittedTask> children) {

    public SubmittedBatch {
        children = List.copyOf(children);
    }
}
